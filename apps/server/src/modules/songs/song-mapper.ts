import type { Genre, Song } from '@cadenza/contract/songs';
import { toIso, type SongRow } from '../../db/schema';
import type { MediaUrls } from '../media/media-urls';

export function toSong(row: SongRow, urls: MediaUrls): Song {
  return {
    _id: row.id,
    title: row.title,
    artist: row.artist,
    album: row.album,
    genre: row.genre as Genre,
    releaseYear: row.release_year,
    duration: row.duration,
    coverImage: urls.image(row.cover_key, 'song'),
    audioFile: urls.audio(row.audio_key),
    createdAt: toIso(row.created_at),
  };
}
