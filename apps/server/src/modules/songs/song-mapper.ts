import type { Genre, PublicSong, Song } from '@cadenza/contract/songs';
import { toIso, type SongRow } from '../../db/schema';
import type { MediaUrls } from '../media/media-urls';

/** A song's JSON with the audio URL its reader may have (DESIGN.md §5 keeps this key order). */
function songJson<Audio extends string | null>(
  row: SongRow,
  urls: MediaUrls,
  audioFile: Audio,
): Omit<Song, 'audioFile'> & { audioFile: Audio } {
  return {
    _id: row.id,
    title: row.title,
    artist: row.artist,
    album: row.album,
    genre: row.genre as Genre,
    releaseYear: row.release_year,
    duration: row.duration,
    coverImage: urls.image(row.cover_key, 'song'),
    audioFile,
    createdAt: toIso(row.created_at),
  };
}

export function toSong(row: SongRow, urls: MediaUrls): Song {
  return songJson(row, urls, urls.audio(row.audio_key));
}

/** A song for visitors: no audio URL, since a signed one plays without a login. */
export function toPublicSong(row: SongRow, urls: MediaUrls): PublicSong {
  return songJson(row, urls, null);
}
