import type { Genre } from '@cadenza/contract/songs';
import { toIso, type SongRow } from '../../db/schema';

/** A song as the domain sees it: what every API presents in its own shape. */
export interface SongRecord {
  readonly id: string;
  readonly title: string;
  readonly artist: string;
  readonly album: string | null;
  readonly genre: Genre;
  readonly releaseYear: number | null;
  /** Seconds. */
  readonly duration: number;
  readonly coverKey: string | null;
  readonly audioKey: string;
  readonly audioMime: string;
  readonly audioBytes: number;
  readonly playCount: number;
  /** ISO-8601 UTC. */
  readonly createdAt: string;
}

/** The record of a `songs` row; for repositories, which alone read rows. */
export function songRecordOf(row: SongRow): SongRecord {
  return {
    id: row.id,
    title: row.title,
    artist: row.artist,
    album: row.album,
    genre: row.genre as Genre,
    releaseYear: row.release_year,
    duration: row.duration,
    coverKey: row.cover_key,
    audioKey: row.audio_key,
    audioMime: row.audio_mime,
    audioBytes: Number(row.audio_bytes),
    playCount: row.play_count,
    createdAt: toIso(row.created_at),
  };
}
