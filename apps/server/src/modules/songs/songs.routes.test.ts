import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { mp3Bytes } from '../../../test/media-bytes';
import { songPlayCount } from '../../../test/play-counts';
import { createSong, type CreatedSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let listener: CreatedUser;
let songs: CreatedSong[];
beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  songs = [];
  for (let index = 0; index < 5; index += 1) songs.push(await createSong(t));
});
afterAll(() => t.close());

const ids = (list: Array<{ _id: string }>) => list.map((song) => song._id);
/** A well-formed id that names no song. */
const UNKNOWN_ID = '0190a0a0-0000-7000-8000-000000000000';
const newestFirst = () => ids(songs.map((created) => created.song)).reverse();

describe('GET /api/user/songs', () => {
  it('answers every song newest first, with loadable cover and audio URLs', async () => {
    const res = await t.app.inject({ url: '/api/user/songs', headers: listener.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.nextCursor).toBeUndefined();
    expect(ids(body.data)).toEqual(newestFirst());
    const newest = songs[4]!.song;
    expect(body.data[0]).toEqual({ ...newest, audioFile: expect.any(String) });
    expect(body.data[0].coverImage).toBe('/media/defaults/song.jpg');
    expect(body.data[0].audioFile).toMatch(/^\/media\/audio\/.+\?expires=\d+&signature=/);
  });

  it('pages with limit and cursor, without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const query = cursor ? `limit=2&cursor=${cursor}` : 'limit=2';
      const res = await t.app.inject({
        url: `/api/user/songs?${query}`,
        headers: listener.headers,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.length).toBeLessThanOrEqual(2);
      seen.push(...ids(body.data));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(newestFirst());
  });

  it('keeps a stable order for songs added at the same moment', async () => {
    const local = await createTestApp();
    try {
      const user = await createUser(local);
      const createdAt = '2025-05-05T05:05:05.000Z';
      const twins = [
        await createSong(local, { createdAt }),
        await createSong(local, { createdAt }),
        await createSong(local, { createdAt }),
      ];
      const first = await local.app.inject({
        url: '/api/user/songs?limit=2',
        headers: user.headers,
      });
      const second = await local.app.inject({
        url: `/api/user/songs?limit=2&cursor=${first.json().nextCursor}`,
        headers: user.headers,
      });
      const all = [...ids(first.json().data), ...ids(second.json().data)];
      expect(all).toEqual(
        ids(twins.map((created) => created.song))
          .sort()
          .reverse(),
      );
      expect(second.json().nextCursor).toBeUndefined();
    } finally {
      await local.close();
    }
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=2.5', 'limit'],
    ['cursor=not-a-cursor', 'cursor'],
    [`cursor=${Buffer.from('{"after":"x"}').toString('base64url')}`, 'cursor'],
    [`cursor=${Buffer.from('[1,2]').toString('base64url')}`, 'cursor'],
  ])('answers 400 with a message for %s', async (query) => {
    const res = await t.app.inject({ url: `/api/user/songs?${query}`, headers: listener.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      expect.objectContaining({ success: false, message: expect.any(String) }),
    );
  });

  it('is 401 for a visitor', async () => {
    const res = await t.app.inject({ url: '/api/user/songs' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/user/songs/:id/play and GET /api/user/songs/recently-played', () => {
  it('records plays, counts them, and lists one entry per song, newest first', async () => {
    const user = await createUser(t);
    const [a, b, c] = songs;
    for (const created of [a!, b!, a!, c!, a!]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/user/songs/${created.song._id}/play`,
        headers: user.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: expect.any(String) });
    }
    const res = await t.app.inject({
      url: '/api/user/songs/recently-played',
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    const entries = res.json().data as Array<{ song: { _id: string }; playedAt: string }>;
    expect(entries.map((entry) => entry.song._id)).toEqual([a!.song._id, c!.song._id, b!.song._id]);
    expect(entries.every((entry) => !Number.isNaN(Date.parse(entry.playedAt)))).toBe(true);

    expect(await songPlayCount(t, a!.song._id)).toBe(3);
  });

  it("shows only the caller's own plays and honours limit", async () => {
    const other = await createUser(t);
    const empty = await t.app.inject({
      url: '/api/user/songs/recently-played',
      headers: other.headers,
    });
    expect(empty.json()).toEqual({ success: true, data: [] });

    for (const created of songs) {
      await t.app.inject({
        method: 'POST',
        url: `/api/user/songs/${created.song._id}/play`,
        headers: other.headers,
      });
    }
    const limited = await t.app.inject({
      url: '/api/user/songs/recently-played?limit=2',
      headers: other.headers,
    });
    expect(limited.json().data.map((entry: { song: { _id: string } }) => entry.song._id)).toEqual(
      newestFirst().slice(0, 2),
    );
    const tooMany = await t.app.inject({
      url: '/api/user/songs/recently-played?limit=51',
      headers: other.headers,
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('keeps at most 50 entries', async () => {
    const local = await createTestApp();
    try {
      const user = await createUser(local);
      for (let index = 0; index < 52; index += 1) {
        const { song } = await createSong(local);
        await local.app.inject({
          method: 'POST',
          url: `/api/user/songs/${song._id}/play`,
          headers: user.headers,
        });
      }
      const res = await local.app.inject({
        url: '/api/user/songs/recently-played',
        headers: user.headers,
      });
      expect(res.json().data).toHaveLength(50);
    } finally {
      await local.close();
    }
  });

  it('is 404 for an unknown song, 400 for a malformed id, and records nothing', async () => {
    const user = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/user/songs/${UNKNOWN_ID}/play`,
      headers: user.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      code: 'song_not_found',
      message: 'Song not found.',
    });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/user/songs/no-such-song/play',
      headers: user.headers,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      success: false,
      code: 'invalid_input',
      message: 'id must be a UUID',
      errors: [{ field: 'id', code: expect.any(String), message: 'id must be a UUID' }],
    });
    const recent = await t.app.inject({
      url: '/api/user/songs/recently-played',
      headers: user.headers,
    });
    expect(recent.json().data).toEqual([]);
  });
});

describe.each([
  ['like', 'liked', 'likedSongs'],
  ['save', 'saved', 'savedSongs'],
] as const)('PUT /api/user/songs/:id/%s', (action, field, profileField) => {
  it(`toggles and answers ${field}, which the profile reflects`, async () => {
    const user = await createUser(t);
    const { song } = songs[1]!;
    const url = `/api/user/songs/${song._id}/${action}`;
    const on = await t.app.inject({ method: 'PUT', url, headers: user.headers });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ success: true, [field]: true });

    const profile = await t.app.inject({ url: '/api/user/profile', headers: user.headers });
    expect(ids(profile.json().data[profileField])).toEqual([song._id]);

    const off = await t.app.inject({ method: 'PUT', url, headers: user.headers });
    expect(off.json()).toEqual({ success: true, [field]: false });
    const after = await t.app.inject({ url: '/api/user/profile', headers: user.headers });
    expect(after.json().data[profileField]).toEqual([]);
  });

  it('survives two toggles at the same moment without a server error', async () => {
    const user = await createUser(t);
    const url = `/api/user/songs/${songs[2]!.song._id}/${action}`;
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => t.app.inject({ method: 'PUT', url, headers: user.headers })),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(typeof res.json()[field]).toBe('boolean');
    }
  });

  it('is 404 for an unknown song, 400 for a malformed id and 401 for a visitor', async () => {
    const user = await createUser(t);
    const missing = await t.app.inject({
      method: 'PUT',
      url: `/api/user/songs/${UNKNOWN_ID}/${action}`,
      headers: user.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      success: false,
      code: 'song_not_found',
      message: 'Song not found.',
    });
    const malformed = await t.app.inject({
      method: 'PUT',
      url: `/api/user/songs/no-such-song/${action}`,
      headers: user.headers,
    });
    expect(malformed.statusCode).toBe(400);
    const visitor = await t.app.inject({
      method: 'PUT',
      url: `/api/user/songs/${songs[0]!.song._id}/${action}`,
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('GET /api/user/songs/:id/download', () => {
  it('sends the file as an attachment named title_artist_Cadenza.mp3', async () => {
    const audio = mp3Bytes(10_000);
    const { song } = await createSong(t, {
      title: 'Rust & Thunder!',
      artist: 'The Hollow Pines',
      audio,
    });
    const res = await t.app.inject({
      url: `/api/user/songs/${song._id}/download`,
      headers: listener.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['content-length']).toBe(String(audio.length));
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="RustThunder_TheHollowPines_Cadenza.mp3"; filename*=UTF-8''RustThunder_TheHollowPines_Cadenza.mp3`,
    );
    expect(res.rawPayload.equals(audio)).toBe(true);
  });

  it('keeps letters of every script in filename* and folds them for the ASCII fallback', async () => {
    const { song } = await createSong(t, { title: 'Café del Mar', artist: '坂本 龍一' });
    const res = await t.app.inject({
      url: `/api/user/songs/${song._id}/download`,
      headers: listener.headers,
    });
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toContain('filename="CafedelMar_unknown_Cadenza.mp3"');
    const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '';
    expect(decodeURIComponent(encoded)).toBe('CafédelMar_坂本龍一_Cadenza.mp3');
  });

  it('needs the bearer token, and is 404 for an unknown song, 400 for a malformed id', async () => {
    const visitor = await t.app.inject({ url: `/api/user/songs/${songs[0]!.song._id}/download` });
    expect(visitor.statusCode).toBe(401);
    const missing = await t.app.inject({
      url: `/api/user/songs/${UNKNOWN_ID}/download`,
      headers: listener.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      success: false,
      code: 'song_not_found',
      message: 'Song not found.',
    });
    const malformed = await t.app.inject({
      url: '/api/user/songs/no-such-song/download',
      headers: listener.headers,
    });
    expect(malformed.statusCode).toBe(400);
  });
});
