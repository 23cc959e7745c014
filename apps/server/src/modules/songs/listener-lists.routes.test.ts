import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENRE_MESSAGE, type Song } from '@cadenza/contract/songs';
import { createUser, type CreatedUser } from '../../../test/factories';
import { createSong, type CreatedSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let listener: CreatedUser;
let other: CreatedUser;
const created: CreatedSong[] = [];

const at = (second: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, second)).toISOString();

function call(url: string, who = listener, method: 'GET' | 'PUT' = 'GET') {
  return t.app.inject({ method, url, headers: who.headers });
}

/** Every song of a list, read `limit` at a time by following the cursors. */
async function readAll(path: string, limit: number, who = listener): Promise<string[]> {
  const titles: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const res = await call(
      `${path}${separator}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      who,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: Song[]; nextCursor?: string }>();
    titles.push(...body.data.map((song) => song.title));
    cursor = body.nextCursor;
    pages += 1;
  } while (cursor !== undefined && pages < 20);
  return titles;
}

function songAt(index: number): CreatedSong {
  const song = created[index];
  if (!song) throw new Error(`no song ${index}`);
  return song;
}

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  other = await createUser(t);
  const genres = ['rock', 'pop', 'rock', 'jazz', 'rock', 'pop', 'rock'] as const;
  for (const [index, genre] of genres.entries()) {
    created.push(await createSong(t, { title: `S${index}`, genre, createdAt: at(index) }));
  }
});
afterAll(() => t.close());

describe.each([
  ['liked', 'likes', 'like'],
  ['saved', 'saves', 'save'],
] as const)('GET /api/user/songs/%s', (list, table, verb) => {
  it('lists the marked songs newest mark first, a page at a time, only the caller’s', async () => {
    // Marked out of song order; S1 and S4 at the same moment (the song id breaks the tie).
    const marks: [number, number][] = [
      [3, 10],
      [0, 20],
      [5, 30],
      [1, 40],
      [4, 40],
      [6, 50],
    ];
    await t.database.db
      .insertInto(table)
      .values(
        marks.map(([index, second]) => ({
          user_id: listener.user._id,
          song_id: songAt(index).song._id,
          created_at: at(second),
        })),
      )
      .execute();
    const tied = [songAt(1), songAt(4)]
      .sort((a, b) => b.song._id.localeCompare(a.song._id))
      .map((song) => song.song.title);
    const expected = ['S6', ...tied, 'S5', 'S0', 'S3'];

    for (const limit of [1, 2, 4, 100]) {
      expect(await readAll(`/api/user/songs/${list}`, limit)).toEqual(expected);
    }
    expect(await readAll(`/api/user/songs/${list}`, 10, other)).toEqual([]);

    // A mark through the API comes first; taking it back removes it.
    const song = songAt(2).song;
    expect((await call(`/api/user/songs/${song._id}/${verb}`, listener, 'PUT')).statusCode).toBe(
      200,
    );
    expect((await readAll(`/api/user/songs/${list}`, 3))[0]).toBe('S2');
    await call(`/api/user/songs/${song._id}/${verb}`, listener, 'PUT');
    expect(await readAll(`/api/user/songs/${list}`, 3)).toEqual(expected);
  });

  it('answers songs as every song list does, with playable audio', async () => {
    const res = await call(`/api/user/songs/${list}?limit=1`);
    const [first] = res.json<{ data: Song[] }>().data;
    expect(first?.audioFile).toMatch(/^\/media\/audio\/.+signature=/);
    expect(first?.artists.length).toBe(1);
  });

  it('answers 400 for a bad limit or a cursor of another list', async () => {
    const bad = await call(`/api/user/songs/${list}?limit=0`);
    expect(bad.statusCode).toBe(400);
    const songs = await call('/api/user/songs?limit=1');
    const cursor = songs.json<{ nextCursor: string }>().nextCursor;
    // A cursor of the song list names a song's creation time: valid in form, so it pages on.
    expect((await call(`/api/user/songs/${list}?cursor=${cursor}`)).statusCode).toBe(200);
    expect((await call(`/api/user/songs/${list}?cursor=nope`)).statusCode).toBe(400);
  });

  it('asks for a login', async () => {
    const res = await t.app.inject({ url: `/api/user/songs/${list}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/user/songs?genre=', () => {
  it('lists one genre’s songs newest first, a page at a time', async () => {
    for (const limit of [1, 3, 100]) {
      expect(await readAll('/api/user/songs?genre=rock', limit)).toEqual(['S6', 'S4', 'S2', 'S0']);
    }
    expect(await readAll('/api/user/songs?genre=jazz', 2)).toEqual(['S3']);
    expect(await readAll('/api/user/songs?genre=classical', 2)).toEqual([]);
    // Without a genre: every song, as before.
    expect(await readAll('/api/user/songs', 100)).toEqual([
      'S6',
      'S5',
      'S4',
      'S3',
      'S2',
      'S1',
      'S0',
    ]);
  });

  it('answers 400 with the genres it knows for any other genre', async () => {
    for (const genre of ['metal', 'ROCK', '', 'rock%27']) {
      const res = await call(`/api/user/songs?genre=${genre}`);
      expect(res.statusCode, genre).toBe(400);
      expect(res.json(), genre).toEqual({
        success: false,
        code: 'invalid_input',
        message: GENRE_MESSAGE,
        errors: [{ field: 'genre', code: expect.any(String), message: GENRE_MESSAGE }],
      });
    }
    expect(GENRE_MESSAGE).toBe(
      'genre must be one of pop, rock, hip-hop, jazz, classical, electronic, other',
    );
  });
});
