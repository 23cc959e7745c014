import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plansOfStatements } from '../../../test/query-plugins';
import { insertSongRows, songRowValues } from '../../../test/song-rows';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app';
import { newId } from '../../ids';
import { CatalogueRepository } from './catalogue.repository';

/** Enough rows that PostgreSQL, with statistics, plans as it does on a real library. */
const ALBUMS = 2000;
const SONGS_AN_ALBUM = 3;
/** The guest is featured on one song of a few albums, as an artist is among thousands. */
const GUESTED_EVERY = 400;
const AT = new Date(Date.UTC(2025, 0, 1)).toISOString();

let t: TestApp;
const guestId = newId();

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const artist = (id: string, name: string) => ({
    id,
    name,
    name_key: name.toLowerCase(),
    sort_name: name,
    sort_key: name.toLowerCase(),
    created_at: AT,
  });
  const bands = Array.from({ length: ALBUMS }, (_, i) => artist(newId(), `Band ${i}`));
  const albums = bands.map((band, i) => ({
    id: newId(),
    group_key: `${band.id}/${i}`,
    title: `Record ${i}`,
    title_key: `record ${i}`,
    album_artist_id: band.id,
    year: 1990 + (i % 30),
    created_at: AT,
  }));
  const songs = albums.flatMap((album, i) =>
    Array.from({ length: SONGS_AN_ALBUM }, (_, track) => ({
      band: bands[i]!,
      guested: i % GUESTED_EVERY === 0 && track === 0,
      row: songRowValues({
        title: `Track ${track}`,
        artist: bands[i]!.name,
        album: album.title,
        albumId: album.id,
        trackNumber: track + 1,
        createdAt: AT,
      }),
    })),
  );
  await db
    .insertInto('artists')
    .values([...bands, artist(guestId, 'Guest')])
    .execute();
  await db.insertInto('albums').values(albums).execute();
  await insertSongRows(
    t,
    songs.map(({ row }) => row),
  );
  const credits = songs.flatMap(({ band, guested, row }) => [
    { song_id: row.id, artist_id: band.id, role: 'main' as const, position: 0 },
    ...(guested
      ? [{ song_id: row.id, artist_id: guestId, role: 'featured' as const, position: 1 }]
      : []),
  ]);
  for (let start = 0; start < credits.length; start += 500) {
    await db
      .insertInto('song_artists')
      .values(credits.slice(start, start + 500))
      .execute();
  }
  if (testDialect === 'postgres') {
    await sql`ANALYZE songs, albums, artists, song_artists`.execute(db);
  }
});
afterAll(() => t.close());

describe('the albums an artist appears on', () => {
  it('are found from the artist’s credits, each album by its key: never every album', async () => {
    const { plans, answer } = await plansOfStatements(t.database.db, testDialect, (db) =>
      new CatalogueRepository(db).appearancesOf(guestId),
    );
    expect(answer).toHaveLength(ALBUMS / GUESTED_EVERY);
    // The statement that finds the albums; what else is read of them is read by their ids.
    const plan = plans.find((statement) => statement.includes('song_artists')) ?? '';
    expect(plan, plans.join('\n\n')).toContain('song_artists_artist_idx');
    // Neither every album nor every song is read to find the few the artist is on.
    const fullScan =
      testDialect === 'postgres'
        ? /Seq Scan on (albums|songs|song_artists)\b/
        : /\bSCAN (albums|songs|song_artists)\b/;
    expect(plan, plan).not.toMatch(fullScan);
  });
});
