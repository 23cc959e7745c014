import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Album } from '@cadenza/contract/catalogue';
import { createUser, type CreatedUser } from '../../../test/factories';
import { createSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Albums by year across many page boundaries: a big year of its own, equal titles within a year
 * and several albums without a year, which come last.
 */

let t: TestApp;
let listener: CreatedUser;

/** [title, artist, year]: many of 2001, a few around them, several undated. */
const ALBUMS: readonly (readonly [string, string, number | null])[] = [
  ...Array.from({ length: 14 }, (_, i) => [`Big Year ${i % 5}`, `Artist ${i}`, 2001] as const),
  ['Later', 'Artist A', 2010],
  ['Earlier', 'Artist B', 1990],
  ['Zenith', 'Artist C', 2001],
  ['Alpha', 'Artist D', 2001],
  ...Array.from({ length: 6 }, (_, i) => [`Undated ${i % 3}`, `Loner ${i}`, null] as const),
];

async function readAll(limit: number): Promise<{ items: Album[]; pages: number }> {
  const items: Album[] = [];
  let pages = 0;
  let cursor: string | undefined;
  do {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/user/albums?sort=year&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      headers: listener.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: Album[]; nextCursor?: string }>();
    items.push(...body.data);
    pages += 1;
    cursor = body.nextCursor;
  } while (cursor !== undefined && pages < 50);
  return { items, pages };
}

/** Newest year first, undated last, then title A to Z, then id. */
function inYearOrder(a: Album, b: Album): number {
  const year = (album: Album) => album.year ?? -1;
  if (year(a) !== year(b)) return year(b) - year(a);
  if (a.title !== b.title) return a.title < b.title ? -1 : 1;
  return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  for (const [album, artist, releaseYear] of ALBUMS)
    await createSong(t, { title: `${album} song`, artist, album, releaseYear });
});
afterAll(() => t.close());

describe('albums by year, a page at a time', () => {
  it('are in the order of one page, the big year and the undated albums across page boundaries', async () => {
    const whole = await readAll(100);
    expect(whole.pages).toBe(1);
    expect(whole.items).toHaveLength(ALBUMS.length);
    expect(whole.items).toEqual([...whole.items].sort(inYearOrder));
    expect(whole.items.slice(-6).map((album) => album.year)).toEqual(Array(6).fill(null));
    for (const limit of [1, 3, 4, 5, 7]) {
      const paged = await readAll(limit);
      expect(paged.items.map((album) => album._id)).toEqual(whole.items.map((album) => album._id));
      expect(paged.pages).toBe(Math.ceil(ALBUMS.length / limit));
    }
  });
});
