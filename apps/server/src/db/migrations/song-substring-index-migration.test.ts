import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Song } from '@cadenza/contract/songs';
import { createUser, type CreatedUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { migratorOf } from '../../../test/migrations';
import { newId } from '../../ids';
import { migrateToLatest } from '../database';

/** Songs stored before the trigram indexes, found by text inside their words afterwards. */

let t: TestApp;
let listener: CreatedUser;

async function insertSong(title: string, artist: string, second: number): Promise<string> {
  const id = newId();
  await t.database.db
    .insertInto('songs')
    .values({
      id,
      title,
      artist,
      album: null,
      genre: 'pop',
      release_year: null,
      duration: 61,
      cover_key: null,
      audio_key: `audio/${id}`,
      audio_mime: 'audio/mpeg',
      audio_bytes: 1000,
      created_at: new Date(Date.UTC(2024, 0, 1, 0, 0, second)).toISOString(),
    })
    .execute();
  return id;
}

let renamed: string;

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  const migrator = migratorOf(t);
  const { error } = await migrator.migrateTo('2026-11-28-api-keys-and-subsonic');
  if (error)
    throw new Error('The database could not go back before the trigram indexes.', { cause: error });
  await insertSong('丸の内サディスティック', '椎名林檎', 1);
  renamed = await insertSong('夜に駆ける', 'YOASOBI', 2);
  await migrateToLatest(t.database.db, t.postgresSchema);
});
afterAll(() => t.close());

async function titlesFor(query: string): Promise<string[]> {
  const res = await t.app.inject({
    url: `/api/user/songs/search?query=${encodeURIComponent(query)}`,
    headers: listener.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Song[] }>().data.map((song) => song.title);
}

describe('the song-substring-index migration', () => {
  it('indexes the songs already stored', async () => {
    expect(await titlesFor('サディス')).toEqual(['丸の内サディスティック']);
    expect(await titlesFor('名林檎')).toEqual(['丸の内サディスティック']);
    expect(await titlesFor('に駆け')).toEqual(['夜に駆ける']);
  });

  it('keeps them in step with later changes', async () => {
    await t.database.db
      .updateTable('songs')
      .set({ title: '群青の空' })
      .where('id', '=', renamed)
      .execute();
    expect(await titlesFor('に駆け')).toEqual([]);
    expect(await titlesFor('群青の')).toEqual(['群青の空']);
    await insertSong('群青の海', 'YOASOBI', 3);
    expect(await titlesFor('群青の')).toEqual(['群青の海', '群青の空']);
  });

  it('goes down, keeping word search in step, and up again', async () => {
    const migrator = migratorOf(t);
    const { error } = await migrator.migrateTo('2026-11-28-api-keys-and-subsonic');
    expect(error).toBeUndefined();
    // Searched once up again: today's word search needs the later search-prefix-entries migration.
    await insertSong('Downward Spiral 深海の底', 'Nine', 4);
    await migrateToLatest(t.database.db, t.postgresSchema);
    expect(await titlesFor('海の底')).toEqual(['Downward Spiral 深海の底']);
    expect(await titlesFor('spiral')).toEqual(['Downward Spiral 深海の底']);
  });
});
