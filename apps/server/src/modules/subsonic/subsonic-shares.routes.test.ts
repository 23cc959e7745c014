import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { checkOpenSubsonicAnswer } from '../../../test/opensubsonic-schemas';
import { createSong, type CreatedSong } from '../../../test/songs';
import { createApiKey, restBoth, restJson, type RestParams } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Subsonic's shares: the same public pages the web makes. */

let t: TestApp;
let listener: CreatedUser;
let auth: RestParams;
let songs: CreatedSong[];

beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
  auth = { apiKey: await createApiKey(t, listener) };
  songs = [
    await createSong(t, { title: 'Shared one', artist: 'Rest Band', album: 'Rest Album' }),
    await createSong(t, { title: 'Shared two', artist: 'Rest Band', album: 'Rest Album' }),
  ];
});
afterAll(() => t.close());

type RestShare = Record<string, unknown> & { id: string; entry?: { id: string }[] };

async function sharesOf(params: RestParams = auth): Promise<RestShare[]> {
  const answer = await restBoth(t, 'getShares', params);
  expect(answer.status).toBe('ok');
  checkOpenSubsonicAnswer('getShares', answer);
  return (answer.shares as { share?: RestShare[] }).share ?? [];
}

describe('getShares, createShare, updateShare and deleteShare', () => {
  it('round-trip a share of songs, whose page a visitor opens', async () => {
    const expires = Date.parse('2099-01-01T00:00:00.000Z');
    const created = await restJson(t, 'createShare', {
      ...auth,
      id: songs.map((song) => `tr-${song.song._id}`),
      description: 'Two for you',
      expires,
    });
    checkOpenSubsonicAnswer('createShare', created);
    const [share] = (created.shares as { share: RestShare[] }).share;
    expect(share).toMatchObject({
      description: 'Two for you',
      username: listener.user.email,
      expires: '2099-01-01T00:00:00.000Z',
      visitCount: 0,
    });
    expect(share!.url).toBe(`${t.config.publicUrl}/share/${share!.id}`);
    expect(share!.entry!.map((entry) => entry.id)).toEqual(
      songs.map((song) => `tr-${song.song._id}`),
    );

    expect((await t.app.inject({ url: `/api/shares/${share!.id}` })).statusCode).toBe(200);
    expect((await sharesOf())[0]).toMatchObject({ id: share!.id, visitCount: 1 });

    const updated = await restJson(t, 'updateShare', {
      ...auth,
      id: share!.id,
      description: 'Changed',
      expires: 0,
    });
    expect(updated.status).toBe('ok');
    const [after] = await sharesOf();
    expect(after).toMatchObject({ description: 'Changed' });
    expect(after!.expires).toBeUndefined();

    expect((await restJson(t, 'deleteShare', { ...auth, id: share!.id })).status).toBe('ok');
    expect(await sharesOf()).toEqual([]);
    expect((await t.app.inject({ url: `/api/shares/${share!.id}` })).statusCode).toBe(404);
  });

  it('shares one album by its id', async () => {
    const created = await restJson(t, 'createShare', {
      ...auth,
      id: `al-${songs[0]!.song.albumId}`,
    });
    const [share] = (created.shares as { share: RestShare[] }).share;
    expect(share!.entry).toHaveLength(2);
  });

  it("keeps each listener's shares their own", async () => {
    const created = await restJson(t, 'createShare', { ...auth, id: `tr-${songs[0]!.song._id}` });
    const [share] = (created.shares as { share: RestShare[] }).share;
    const other = { apiKey: await createApiKey(t, await createUser(t)) };
    expect(await sharesOf(other)).toEqual([]);
    for (const endpoint of ['updateShare', 'deleteShare']) {
      const answer = await restJson(t, endpoint, { ...other, id: share!.id, description: 'x' });
      expect(answer, endpoint).toMatchObject({ status: 'failed', error: { code: 70 } });
    }
  });

  it.each([
    ['createShare without an id', 'createShare', {}, 10],
    ['createShare of an unknown song', 'createShare', { id: 'tr-nope' }, 70],
    ['createShare of an artist', 'createShare', { id: 'ar-nope' }, 70],
    ['createShare of a song and an album', 'createShare', { id: ['SONG', 'ALBUM'] }, 0],
    ['createShare expiring in the past', 'createShare', { id: 'SONG', expires: 1000 }, 0],
    ['createShare expiring at no time', 'createShare', { id: 'SONG', expires: 'soon' }, 0],
    ['updateShare without an id', 'updateShare', {}, 10],
    ['updateShare of a guessed id', 'updateShare', { id: 'AAAAAAAAAAAAAAAAAAAAAA' }, 70],
    ['deleteShare of a guessed id', 'deleteShare', { id: 'AAAAAAAAAAAAAAAAAAAAAA' }, 70],
  ])('answers %s with its error code', async (_case, endpoint, params, code) => {
    const named = (value: string) =>
      value === 'SONG'
        ? `tr-${songs[0]!.song._id}`
        : value === 'ALBUM'
          ? `al-${songs[0]!.song.albumId}`
          : value;
    const withIds = Object.fromEntries<RestParams[string]>(
      Object.entries(params).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.map(named) : typeof value === 'string' ? named(value) : value,
      ]),
    );
    const answer = await restJson(t, endpoint, { ...auth, ...withIds });
    expect(answer).toMatchObject({ status: 'failed', error: { code } });
  });
});
