import type { AlbumDetail } from '@cadenza/contract/catalogue';
import type { Song } from '@cadenza/contract/songs';

/**
 * The heading over each disc's tracks ("Disc 1 — The Early Years", or "Disc 2" for a disc
 * without a title), for an album of several discs or with a titled one; undefined for a single
 * untitled disc, which needs none.
 */
export function discHeadingsOf(
  album: Pick<AlbumDetail, 'discCount' | 'discTitles' | 'songs'>,
): ((song: Song) => string) | undefined {
  const discs = new Set(album.songs.map((song) => song.discNumber ?? 1));
  if (album.discCount <= 1 && discs.size <= 1 && album.discTitles.length === 0) return undefined;
  const titles = new Map(album.discTitles.map(({ disc, title }) => [disc, title]));
  return (song) => {
    const disc = song.discNumber ?? 1;
    const title = titles.get(disc);
    return title === undefined ? `Disc ${disc}` : `Disc ${disc} — ${title}`;
  };
}
