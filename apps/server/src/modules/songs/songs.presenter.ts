import { creditText } from '@cadenza/contract/artist-credit';
import type { PublicSong, Song } from '@cadenza/contract/songs';
import type { MediaUrls } from '../delivery/media-urls';
import type { SongRecord } from './song-record';

/** A song's JSON with the audio URL its reader may have (docs/architecture.md §5 keeps this key order). */
function songJson<Audio extends string | null>(
  song: SongRecord,
  urls: MediaUrls,
  audioFile: Audio,
): Omit<Song, 'audioFile'> & { audioFile: Audio } {
  return {
    _id: song.id,
    title: song.title,
    artist: song.artist,
    album: song.album,
    genre: song.genre,
    releaseYear: song.releaseYear,
    duration: song.duration,
    coverImage: urls.image(song.coverKey, 'song'),
    audioFile,
    createdAt: song.createdAt,
    albumId: song.albumId,
    artists: song.artists.map((artist) => ({
      _id: artist.id,
      name: artist.name,
      role: artist.role,
    })),
    displayArtist: creditText(song.artist, song.artists),
    trackNumber: song.trackNumber,
    discNumber: song.discNumber,
    durationMs: song.durationMs,
    replayGain: { ...song.replayGain },
    genres: song.genres.map((genre) => ({ _id: genre.id, name: genre.name })),
  };
}

/** The format a file browsers cannot play is played in (docs/product.md §12.4). */
const PLAYED_AS = 'opus';

/**
 * A song for a signed-in reader: with a signed, expiring audio URL; a file browsers cannot play
 * is linked in the format ffmpeg makes of it.
 */
export function presentSong(song: SongRecord, urls: MediaUrls, now = Date.now()): Song {
  const audio = urls.audio(song.audioKey, now);
  return songJson(song, urls, song.playableAsIs ? audio : `${audio}&format=${PLAYED_AS}`);
}

/** A song for visitors: no audio URL, since a signed one plays without a login. */
export function presentPublicSong(song: SongRecord, urls: MediaUrls): PublicSong {
  return songJson(song, urls, null);
}
