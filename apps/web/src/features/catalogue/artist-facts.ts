import type { ArtistDetail } from '@cadenza/contract/catalogue';
import { songCountLabel } from '@/components/playlist-card';

const counted = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;

/**
 * The line under an artist's name: their own releases and songs ("3 releases • 12 songs"), or,
 * for an artist with no release of their own, the albums they appear on ("Appears on 2 albums •
 * 2 songs").
 */
export function artistFacts(
  artist: Pick<ArtistDetail, 'albumCount' | 'appearsOnCount' | 'songCount'>,
): string {
  const songs = songCountLabel(artist.songCount);
  if (artist.albumCount > 0)
    return `${counted(artist.albumCount, 'release', 'releases')} • ${songs}`;
  if (artist.appearsOnCount > 0)
    return `Appears on ${counted(artist.appearsOnCount, 'album', 'albums')} • ${songs}`;
  return songs;
}
