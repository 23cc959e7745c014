import type { Genre } from '@cadenza/contract/songs';
import type { SongRow } from '../src/db/schema';
import { newId } from '../src/ids';
import type { TestApp } from './test-app';

export interface SongRowOverrides {
  readonly title?: string;
  readonly artist?: string;
  readonly album?: string | null;
  readonly albumId?: string | null;
  readonly genre?: Genre;
  readonly trackNumber?: number | null;
  readonly coverKey?: string | null;
  readonly createdAt?: string;
}

let sequence = 0;
const FIRST_CREATED_AT = Date.parse('2025-01-01T00:00:00.000Z');

/**
 * The values of a song row whose audio blob does not exist: enough for code that never reads
 * media, such as search. Each call is one second newer than the last unless `createdAt` is
 * given. Many of them go into one INSERT where a test needs a library of thousands.
 */
export function songRowValues(overrides: SongRowOverrides = {}) {
  sequence += 1;
  const id = newId();
  return {
    id,
    title: overrides.title ?? `Song ${sequence}`,
    artist: overrides.artist ?? `Artist ${sequence}`,
    album: overrides.album === undefined ? null : overrides.album,
    album_id: overrides.albumId ?? null,
    genre: overrides.genre ?? 'pop',
    release_year: 2020,
    duration: 180,
    track_number: overrides.trackNumber ?? null,
    cover_key: overrides.coverKey ?? null,
    audio_key: `audio/${id}.mp3`,
    audio_mime: 'audio/mpeg',
    audio_bytes: 1024,
    created_at: overrides.createdAt ?? new Date(FIRST_CREATED_AT + sequence * 1000).toISOString(),
  };
}

/** Inserts songRowValues(overrides). */
export async function createSongRow(
  t: TestApp,
  overrides: SongRowOverrides = {},
): Promise<SongRow> {
  return t.database.db
    .insertInto('songs')
    .values(songRowValues(overrides))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Inserts song rows a few hundred to a statement. */
export async function insertSongRows(
  t: TestApp,
  rows: readonly ReturnType<typeof songRowValues>[],
): Promise<void> {
  const batch = 500;
  for (let start = 0; start < rows.length; start += batch) {
    await t.database.db
      .insertInto('songs')
      .values(rows.slice(start, start + batch))
      .execute();
  }
}

/** The stored row of a song, as the database holds it: for tests that look past the records. */
export async function songRowById(t: TestApp, id: string): Promise<SongRow> {
  return t.database.db
    .selectFrom('songs')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
