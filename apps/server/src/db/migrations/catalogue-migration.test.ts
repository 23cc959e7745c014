import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Album, Artist } from '@cadenza/contract/catalogue';
import type { Song } from '@cadenza/contract/songs';
import { createUser, type CreatedUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { migratorOf } from '../../../test/migrations';
import { newId } from '../../ids';
import { migrateToLatest } from '../database';

/** A library from before the catalogue: songs with album and artist texts only. */

let t: TestApp;
let listener: CreatedUser;
const ids = { first: newId(), second: newId(), single: newId(), other: newId() };

async function insertSong(
  id: string,
  fields: {
    title: string;
    artist: string;
    album: string | null;
    year: number | null;
    second: number;
  },
) {
  await t.database.db
    .insertInto('songs')
    .values({
      id,
      title: fields.title,
      artist: fields.artist,
      album: fields.album,
      genre: 'rock',
      release_year: fields.year,
      duration: 61,
      cover_key: null,
      audio_key: `audio/${id}`,
      audio_mime: 'audio/mpeg',
      audio_bytes: 1000,
      created_at: new Date(Date.UTC(2024, 0, 1, 0, 0, fields.second)).toISOString(),
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  const migrator = migratorOf(t);
  const { error } = await migrator.migrateTo('2026-11-24-images');
  if (error)
    throw new Error('The database could not go back before the catalogue.', { cause: error });
  await insertSong(ids.second, {
    title: 'Two',
    artist: 'the  band ',
    album: 'BLUE',
    year: null,
    second: 2,
  });
  await insertSong(ids.first, {
    title: 'One',
    artist: 'The Band',
    album: 'Blue',
    year: 1999,
    second: 1,
  });
  await insertSong(ids.single, {
    title: 'Alone',
    artist: 'The Band',
    album: null,
    year: 2001,
    second: 3,
  });
  await insertSong(ids.other, {
    title: 'Blue too',
    artist: 'Other',
    album: 'Blue',
    year: 2002,
    second: 4,
  });
  await migrateToLatest(t.database.db, t.postgresSchema);
});
afterAll(() => t.close());

function get(url: string) {
  return t.app.inject({ url, headers: listener.headers });
}

describe('upgrading a library to the catalogue', () => {
  it('makes each album text and artist an album, and each song without one a single', async () => {
    const res = await get('/api/user/albums?sort=newest');
    expect(res.statusCode).toBe(200);
    const albums: Album[] = res.json().data;
    expect(
      albums.map((album) => [album.title, album.artist.name, album.year, album.songCount]),
    ).toEqual([
      ['Blue', 'Other', 2002, 1],
      ['Alone', 'The Band', 2001, 1],
      ['Blue', 'The Band', 1999, 2],
    ]);
    expect(albums[2]?.createdAt).toBe('2024-01-01T00:00:01.000Z');
  });

  it('makes each artist text one main artist, case and spacing ignored', async () => {
    const res = await get('/api/user/artists');
    const artists: Artist[] = res.json().data;
    expect(
      artists.map((artist) => [artist.name, artist.sortName, artist.albumCount, artist.songCount]),
    ).toEqual([
      ['The Band', 'Band, The', 2, 3],
      ['Other', 'Other', 1, 1],
    ]);
    const songs: Song[] = (await get('/api/user/songs')).json().data;
    const one = songs.find((song) => song._id === ids.first);
    expect(one).toMatchObject({
      artists: [{ _id: artists[0]?._id, name: 'The Band' }],
      durationMs: 61_000,
      trackNumber: null,
      discNumber: null,
    });
  });
});
