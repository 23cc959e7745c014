import type { TagGenre } from '@cadenza/contract/tag-genres';

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** "12 songs · 3 albums": what a genre holds. */
export function genreCountsLabel({ songCount, albumCount }: TagGenre): string {
  return `${plural(songCount, 'song')} · ${plural(albumCount, 'album')}`;
}
