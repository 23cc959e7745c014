import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { pngBytes } from '../../../test/media-files';
import { injectForm } from '../../../test/multipart';
import { StatementLog } from '../../../test/sessions';
import { createSong } from '../../../test/songs';
import { createApiKey, rest, restJson, type RestParams } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * getArtists and getIndexes answer every album artist: each node keeps the bytes of the answer
 * and serves them again until the catalogue changes, whichever write changes it.
 */

let t: TestApp;
let admin: CreatedUser;
let auth: RestParams;
let otherAuth: RestParams;
const statements = new StatementLog();

beforeAll(async () => {
  t = await createTestApp({ onQuery: statements.onQuery });
  admin = await createAdmin(t);
  const listener = await createUser(t);
  auth = { apiKey: await createApiKey(t, listener), c: 'index-test', v: '1.16.1' };
  otherAuth = { apiKey: await createApiKey(t, await createUser(t)), c: 'index-test', v: '1.16.1' };
  await createSong(t, { title: 'Alpha', artist: 'Blue Band', album: 'Blue Album' });
  await createSong(t, { title: 'Beta', artist: 'Red Singer', album: 'Red Album' });
});
afterAll(() => t.close());

interface IndexedArtist {
  readonly id: string;
  readonly name: string;
  readonly albumCount: number;
  readonly coverArt: string;
  readonly starred?: string;
  readonly userRating?: number;
}

type Endpoint = 'getArtists' | 'getIndexes';

/** Statements that read artists: an answer served from what was kept runs none. */
const artistReads = (sqls: readonly string[]) => sqls.filter((sql) => /from "artists"/i.test(sql));

async function artists(endpoint: Endpoint = 'getArtists', params = auth): Promise<IndexedArtist[]> {
  const answer = await restJson(t, endpoint, params);
  const list = (endpoint === 'getArtists' ? answer.artists : answer.indexes) as {
    index: { artist: IndexedArtist[] }[];
  };
  return list.index.flatMap((entry) => entry.artist);
}

const named = async (name: string, endpoint: Endpoint = 'getArtists') =>
  (await artists(endpoint)).find((artist) => artist.name === name);

/** Reads the index twice; the second must come from what the node kept. */
async function kept(endpoint: Endpoint = 'getArtists', params = auth): Promise<void> {
  const first = await rest(t, endpoint, { ...params, f: 'json' });
  let again = first;
  const ran = await statements.during(async () => {
    again = await rest(t, endpoint, { ...params, f: 'json' });
  });
  expect(artistReads(ran)).toEqual([]);
  if (endpoint === 'getArtists') expect(again.body).toBe(first.body);
}

type Parts = Parameters<typeof injectForm>[2];
const editSong = (id: string, parts: Parts) =>
  injectForm(
    t.app,
    { method: 'PUT', url: `/api/admin/songs/${id}`, headers: admin.headers },
    parts,
  );

describe('the artist index', () => {
  it('is served again without reading the catalogue, in each format as it was', async () => {
    await kept('getArtists');
    await kept('getIndexes');
    const json = await rest(t, 'getArtists', { ...auth, f: 'json' });
    const xml = await rest(t, 'getArtists', auth);
    expect(xml.headers['content-type']).toMatch(/^text\/xml/);
    expect(xml.body).toContain('<artist id="');
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect((await rest(t, 'getArtists', auth)).body).toBe(xml.body);
    const jsonp = await rest(t, 'getArtists', { ...auth, f: 'jsonp', callback: 'show' });
    expect(jsonp.body).toBe(`show(${json.body});`);
  });

  it("holds each listener's own stars and ratings, and no one else's", async () => {
    await kept();
    const blue = (await named('Blue Band'))!;
    expect((await restJson(t, 'star', { ...auth, artistId: blue.id })).status).toBe('ok');
    expect((await restJson(t, 'setRating', { ...auth, id: blue.id, rating: 4 })).status).toBe('ok');
    for (const endpoint of ['getArtists', 'getIndexes'] as const) {
      const starred = (await named('Blue Band', endpoint))!;
      expect(starred.starred).toEqual(expect.any(String));
      expect(starred.userRating).toBe(4);
      const theirs = (await artists(endpoint, otherAuth)).find(({ id }) => id === blue.id)!;
      expect(theirs.starred).toBeUndefined();
      expect(theirs.userRating).toBeUndefined();
    }
    await kept('getArtists', otherAuth);
    expect((await restJson(t, 'unstar', { ...auth, artistId: blue.id })).status).toBe('ok');
    expect((await restJson(t, 'setRating', { ...auth, id: blue.id, rating: 0 })).status).toBe('ok');
    const plain = (await named('Blue Band'))!;
    expect(plain.starred).toBeUndefined();
    expect(plain.userRating).toBeUndefined();
  });

  describe('answers the new state after', () => {
    it('a new album of a new artist', async () => {
      await kept();
      await createSong(t, { title: 'Gamma', artist: 'Green Trio', album: 'Green Album' });
      expect(await named('Green Trio')).toMatchObject({ albumCount: 1 });
    });

    it('another album of an artist', async () => {
      await kept();
      await createSong(t, { title: 'Delta', artist: 'Blue Band', album: 'Second Blue Album' });
      expect(await named('Blue Band')).toMatchObject({ albumCount: 2 });
    });

    it("a new cover of an artist's album", async () => {
      const { song } = await createSong(t, { title: 'Eta', artist: 'Grey Duo', album: 'Grey' });
      const before = (await named('Grey Duo'))!;
      await kept();
      const res = await editSong(song._id, {
        coverImage: { filename: 'cover.png', contentType: 'image/png', content: pngBytes('grey') },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await named('Grey Duo'))!.coverArt).not.toBe(before.coverArt);
    });

    it("an album's artist renamed", async () => {
      const { song } = await createSong(t, { title: 'Zeta', artist: 'Old Name', album: 'Named' });
      for (const endpoint of ['getArtists', 'getIndexes'] as const) {
        expect(await named('Old Name', endpoint)).toBeDefined();
        await kept(endpoint);
      }
      const res = await editSong(song._id, { artist: 'New Name' });
      expect(res.statusCode, res.body).toBe(200);
      for (const endpoint of ['getArtists', 'getIndexes'] as const) {
        expect(await named('Old Name', endpoint)).toBeUndefined();
        expect(await named('New Name', endpoint)).toBeDefined();
      }
    });

    it("an artist's only album deleted", async () => {
      const { song } = await createSong(t, { title: 'Theta', artist: 'Short Lived', album: 'X' });
      expect(await named('Short Lived')).toBeDefined();
      await kept();
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/songs/${song._id}`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(await named('Short Lived')).toBeUndefined();
    });
  });
});
