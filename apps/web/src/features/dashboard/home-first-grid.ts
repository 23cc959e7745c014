import type { Song } from '@cadenza/contract/songs';
import { preloadCovers } from '@/lib/preload-covers';

/** docs/product.md §9: Popular Songs shows the first 8 songs. */
export const POPULAR_SONGS_COUNT = 8;

/**
 * Starts the covers in view of Home's first grid (tabs/home-tab.tsx): Recently Played when there
 * is any, else Popular Songs, the first of all songs. From the route's prepare step as soon as the
 * data is in, and from the page's head when it is opened from another screen; a cover is asked
 * for once.
 */
export function preloadHomeCovers(recent: readonly Song[], songs: readonly Song[]): void {
  const firstGrid = recent.length > 0 ? recent : songs.slice(0, POPULAR_SONGS_COUNT);
  preloadCovers({ covers: firstGrid.map((song) => song.coverImage), size: 300, fallback: 'song' });
}
