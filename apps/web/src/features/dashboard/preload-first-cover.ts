import type { Song } from '@cadenza/contract/songs';
import { preload } from 'react-dom';
import { songCardCoverUrl } from '@/components/song-card';

/**
 * Asks for the cover of Home's first card, the page's largest paint, as soon as the page knows
 * it: with the page's head, not after the render of the songs that follows it. At the highest
 * priority, like the card's own image (song-grid.tsx), which then finds it loaded.
 */
export function preloadFirstCover(song: Pick<Song, 'coverImage'> | undefined): void {
  if (song) preload(songCardCoverUrl(song), { as: 'image', fetchPriority: 'high' });
}
