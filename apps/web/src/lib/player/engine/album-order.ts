import type { Song } from '@cadenza/contract/songs';

/** Where a song sits on its album. */
export type AlbumPlace = Pick<Song, 'albumId' | 'trackNumber' | 'discNumber'>;

/**
 * True when `next` is the track that follows `previous` on the same album: the next track number
 * on the same disc, or the first track of the next disc. Such songs are one piece of music (a
 * live album, a continuous mix): they play gapless, never crossfaded, and share the album's gain.
 */
export function continuesAlbum(
  previous: AlbumPlace | null | undefined,
  next: AlbumPlace | null | undefined,
): boolean {
  if (!previous || !next || previous.albumId === null || previous.albumId !== next.albumId) {
    return false;
  }
  if (previous.trackNumber === null || next.trackNumber === null) return false;
  const previousDisc = previous.discNumber ?? 1;
  const nextDisc = next.discNumber ?? 1;
  if (nextDisc === previousDisc) return next.trackNumber === previous.trackNumber + 1;
  return nextDisc === previousDisc + 1 && next.trackNumber === 1;
}
