import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryRecorder } from '../../../test/query-plugins';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app';
import { newId } from '../../ids';
import { CatalogueRepository } from './catalogue.repository';

/** Enough songs that PostgreSQL, with statistics, plans as it does on a real library. */
const ALBUMS = 200;
const SONGS_AN_ALBUM = 30;
const BATCH = 500;
const AT = new Date(Date.UTC(2025, 0, 1)).toISOString();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const artists = Array.from({ length: ALBUMS }, (_, i) => {
    const name = `Band ${i}`;
    const key = name.toLowerCase();
    return { id: newId(), name, name_key: key, sort_name: name, sort_key: key, created_at: AT };
  });
  const albums = artists.map((artist, i) => {
    const title = `Record ${i}`;
    return {
      id: newId(),
      group_key: `${artist.id}/${i}`,
      title,
      title_key: title.toLowerCase(),
      album_artist_id: artist.id,
      created_at: AT,
    };
  });
  const songs = albums.flatMap((album, i) =>
    Array.from({ length: SONGS_AN_ALBUM }, (_, track) => {
      const id = newId();
      return {
        id,
        title: `Track ${track}`,
        artist: artists[i]!.name,
        album: album.title,
        album_id: album.id,
        genre: 'rock',
        release_year: 2020,
        duration: 180,
        track_number: track + 1,
        // Most tracks carry the album's picture; the first ones do not.
        cover_key: track < 3 ? null : `images/${album.id}.jpg`,
        audio_key: `audio/${id}.mp3`,
        audio_mime: 'audio/mpeg',
        audio_bytes: 1024,
        created_at: AT,
      };
    }),
  );
  await db.insertInto('artists').values(artists).execute();
  await db.insertInto('albums').values(albums).execute();
  for (let start = 0; start < songs.length; start += BATCH) {
    await db
      .insertInto('songs')
      .values(songs.slice(start, start + BATCH))
      .execute();
  }
  if (testDialect === 'postgres') await sql`ANALYZE songs, albums, artists`.execute(db);
});
afterAll(() => t.close());

/** The plans of the statements `read` runs, and what it answered. */
async function plansOf<T>(
  read: (catalogue: CatalogueRepository) => Promise<T>,
): Promise<{ plans: string; answer: T }> {
  const { db } = t.database;
  const recorder = new QueryRecorder(db);
  const answer = await read(new CatalogueRepository(db.withPlugin(recorder)));
  const plans: string[] = [];
  for (const query of recorder.executed) {
    const explain = testDialect === 'postgres' ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN';
    const { rows } = await db.executeQuery<Record<string, string>>(
      CompiledQuery.raw(`${explain} ${query.sql}`, [...query.parameters]),
    );
    plans.push(rows.map((row) => row['QUERY PLAN'] ?? row.detail).join('\n'));
  }
  return { plans: plans.join('\n\n'), answer };
}

describe('the cover of an album without one of its own', () => {
  it('is its first track with a cover, found in one seek of the album’s covered songs', async () => {
    const { plans, answer } = await plansOf((catalogue) => catalogue.artistsMatching('band', 20));
    expect(answer).toHaveLength(20);
    for (const artist of answer) expect(artist.imageKey).toMatch(/^images\/.+\.jpg$/);
    expect(plans).toContain('songs_album_cover_idx');
    // Every song of each album, read and sorted for one cover.
    expect(plans).not.toContain('songs_album_idx');
  });
});
