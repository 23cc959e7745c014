import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plansOfStatements } from '../../../test/query-plugins';
import { insertSongRows, songRowValues } from '../../../test/song-rows';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app';
import { newId } from '../../ids';
import { CatalogueRepository } from './catalogue.repository';

/** Enough songs that PostgreSQL, with statistics, plans as it does on a real library. */
const ALBUMS = 200;
const SONGS_AN_ALBUM = 30;
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
    Array.from({ length: SONGS_AN_ALBUM }, (_, track) =>
      songRowValues({
        title: `Track ${track}`,
        artist: artists[i]!.name,
        album: album.title,
        albumId: album.id,
        trackNumber: track + 1,
        // Most tracks carry the album's picture; the first ones do not.
        coverKey: track < 3 ? null : `images/${album.id}.jpg`,
        createdAt: AT,
      }),
    ),
  );
  await db.insertInto('artists').values(artists).execute();
  await db.insertInto('albums').values(albums).execute();
  await insertSongRows(t, songs);
  if (testDialect === 'postgres') await sql`ANALYZE songs, albums, artists`.execute(db);
});
afterAll(() => t.close());

describe('the cover of an album without one of its own', () => {
  it('is its first track with a cover, found in one seek of the album’s covered songs', async () => {
    const { plans, answer } = await plansOfStatements(t.database.db, testDialect, (db) =>
      new CatalogueRepository(db).artistsMatching('band', 20),
    );
    expect(answer).toHaveLength(20);
    for (const artist of answer) expect(artist.imageKey).toMatch(/^images\/.+\.jpg$/);
    expect(plans.join('\n')).toContain('songs_album_cover_idx');
    // Every song of each album, read and sorted for one cover.
    expect(plans.join('\n')).not.toContain('songs_album_idx');
  });
});
