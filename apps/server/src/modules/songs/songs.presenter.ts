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
    artists: song.artists.map((artist) => ({ _id: artist.id, name: artist.name })),
    trackNumber: song.trackNumber,
    discNumber: song.discNumber,
    durationMs: song.durationMs,
    replayGain: { ...song.replayGain },
  };
}

/** A song for a signed-in reader: with a signed, expiring audio URL. */
export function presentSong(song: SongRecord, urls: MediaUrls, now = Date.now()): Song {
  return songJson(song, urls, urls.audio(song.audioKey, now));
}

/** A song for visitors: no audio URL, since a signed one plays without a login. */
export function presentPublicSong(song: SongRecord, urls: MediaUrls): PublicSong {
  return songJson(song, urls, null);
}
