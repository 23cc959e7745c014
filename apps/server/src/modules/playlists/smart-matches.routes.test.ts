import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmartPlaylist, SmartPlaylistWithSongs } from '@cadenza/contract/smart-playlists';
import type { Song } from '@cadenza/contract/songs';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { injectForm } from '../../../test/multipart';
import { StatementLog } from '../../../test/sessions';
import { createSong } from '../../../test/songs';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app';
import { PlaylistsRepository } from './playlists.repository';
import { SMART_MATCHES_BYTES, SmartMatches } from './smart-matches';

/**
 * The songs of smart playlists kept on each node (decision 098): a page is a slice of the list
 * its rules chose, and a list is never served once the catalogue, or the listener's plays and
 * likes its rules read, changed, on this node or another one.
 */

let a: TestApp;
let b: TestApp;
let owner: CreatedUser;
let admin: CreatedUser;
const logOfA = new StatementLog();
const logOfB = new StatementLog();

beforeAll(async () => {
  a = await createTestApp({ onQuery: logOfA.onQuery });
  b = await createTestApp({ nodeOf: a, onQuery: logOfB.onQuery });
  owner = await createUser(a);
  admin = await createAdmin(a);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

type Body = Record<string, unknown>;

/** Statements that test a rule on the songs' titles: the rules evaluated. */
const ruleReads = (statements: readonly string[]) =>
  statements.filter((text) => /lower\(songs\.title\)/i.test(text));

async function createSmart(prefix: string, more: Body[] = [], sort: Body = {}): Promise<string> {
  const res = await a.app.inject({
    method: 'POST',
    url: '/api/user/smart-playlists',
    headers: owner.headers,
    payload: {
      name: `Kept ${prefix}`,
      rules: { all: [{ field: 'title', operator: 'startsWith', value: prefix }, ...more] },
      sort: { field: 'title', order: 'asc', ...sort },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: SmartPlaylist }>().data._id;
}

interface Opened {
  readonly titles: string[];
  readonly songCount: number;
  readonly duration: number;
  readonly cursor: string | null;
}

async function open(node: TestApp, id: string, limit = 100): Promise<Opened> {
  const res = await node.app.inject({
    url: `/api/user/smart-playlists/${id}?limit=${limit}`,
    headers: owner.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { songs, songCount, duration, nextCursor } = res.json<{
    data: SmartPlaylistWithSongs;
  }>().data;
  return {
    titles: songs.map((song) => song.title),
    songCount,
    duration,
    cursor: nextCursor ?? null,
  };
}

/** Opens the playlist on `node` and answers what it ran evaluating the rules. */
async function rulesRunOpening(node: TestApp, id: string): Promise<string[]> {
  const log = node === a ? logOfA : logOfB;
  return ruleReads(await log.during(() => open(node, id)));
}

async function put(url: string): Promise<void> {
  const res = await a.app.inject({ method: 'PUT', url, headers: owner.headers });
  expect(res.statusCode, res.body).toBe(200);
}

describe('smart playlists kept on a node', () => {
  it('answers every page and its totals from one evaluation of the rules', async () => {
    for (const title of ['K1 Alpha', 'K1 Beta', 'K1 Gamma']) {
      await createSong(a, { title, duration: 100 });
    }
    const id = await createSmart('K1');
    const first = await open(a, id, 2);
    expect(first).toMatchObject({ titles: ['K1 Alpha', 'K1 Beta'], songCount: 3, duration: 300 });
    const ran = await logOfA.during(async () => {
      expect(await open(a, id, 2)).toEqual(first);
      const next = await a.app.inject({
        url: `/api/user/playlists/${id}/songs?limit=2&cursor=${encodeURIComponent(first.cursor ?? '')}`,
        headers: owner.headers,
      });
      expect(next.statusCode, next.body).toBe(200);
      expect(next.json<{ data: Song[] }>().data.map((song) => song.title)).toEqual(['K1 Gamma']);
    });
    expect(ruleReads(ran)).toEqual([]);
    // The list of playlists counts it from the same list.
    const listed = await logOfA.during(async () => {
      const res = await a.app.inject({ url: '/api/user/playlists', headers: owner.headers });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(ruleReads(listed)).toEqual([]);
  });

  it('sees a change to the catalogue made on another node at once', async () => {
    const { song } = await createSong(a, { title: 'K2 First', genres: ['Rock'] });
    const id = await createSmart('K2', [{ field: 'genre', operator: 'is', value: 'rock' }]);
    expect((await open(b, id)).titles).toEqual(['K2 First']);
    expect(await rulesRunOpening(b, id)).toEqual([]);

    await createSong(a, { title: 'K2 Second', genres: ['Rock'] });
    expect((await open(b, id)).titles).toEqual(['K2 First', 'K2 Second']);

    const renamed = await injectForm(
      a.app,
      { method: 'PUT', url: `/api/admin/songs/${song._id}`, headers: admin.headers },
      { title: 'K2 Third' },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await open(b, id)).titles).toEqual(['K2 Second', 'K2 Third']);
    expect(await rulesRunOpening(b, id)).toEqual([]);

    // A write to the tag genres alone (as an operator's SQL would make) counts as a change too.
    expect(await rulesRunOpening(a, id)).not.toEqual([]);
    expect(await rulesRunOpening(a, id)).toEqual([]);
    await sql`UPDATE genres SET name = ${'Stone'}, name_key = ${'stone'} WHERE name_key = ${'rock'}`.execute(
      a.database.db,
    );
    expect((await open(a, id)).titles).toEqual([]);
    expect((await open(b, id)).titles).toEqual([]);
  });

  it("keeps a list that reads the listener's likes and plays only until they change", async () => {
    const songs: Song[] = [];
    for (const title of ['K3 One', 'K3 Two']) songs.push((await createSong(a, { title })).song);
    const liked = await createSmart('K3', [{ field: 'liked', operator: 'is', value: true }]);
    const played = await createSmart('K3', [{ field: 'playCount', operator: 'gt', value: 0 }]);
    expect((await open(a, liked)).titles).toEqual([]);
    expect((await open(a, played)).titles).toEqual([]);
    expect(await rulesRunOpening(a, liked)).toEqual([]);
    expect(await rulesRunOpening(a, played)).toEqual([]);

    await put(`/api/user/songs/${songs[1]?._id}/like`);
    expect((await open(b, liked)).titles).toEqual(['K3 Two']);
    expect((await open(a, liked)).titles).toEqual(['K3 Two']);
    await put(`/api/user/songs/${songs[1]?._id}/like`);
    expect((await open(a, liked)).titles).toEqual([]);

    const res = await a.app.inject({
      method: 'POST',
      url: `/api/user/songs/${songs[0]?._id}/play`,
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await open(b, played)).titles).toEqual(['K3 One']);
    expect((await open(a, played)).titles).toEqual(['K3 One']);
    expect(await rulesRunOpening(a, played)).toEqual([]);
  });

  it('evaluates rules relative to today, and random orders, on every read', async () => {
    await createSong(a, { title: 'K4 Fresh', createdAt: new Date().toISOString() });
    const recent = await createSmart('K4', [
      { field: 'dateAdded', operator: 'inTheLast', value: 30 },
    ]);
    const shuffled = await createSmart('K4', [], { field: 'random' });
    for (const id of [recent, shuffled]) {
      expect((await open(a, id)).titles).toEqual(['K4 Fresh']);
      expect(await rulesRunOpening(a, id)).not.toEqual([]);
    }
  });

  it('reads criteria choosing more songs than a list may hold page by page', async () => {
    for (const title of ['K5 A', 'K5 B', 'K5 C']) await createSong(a, { title, duration: 10 });
    const matches = new SmartMatches(a.container.catalogueChanges, SMART_MATCHES_BYTES, 2);
    const playlists = new PlaylistsRepository(a.database.db, testDialect, matches);
    const criteria = {
      rules: { all: [{ field: 'title' as const, operator: 'startsWith' as const, value: 'K5' }] },
      sort: { field: 'title' as const, order: 'asc' as const },
      limit: null,
    };
    for (let round = 0; round < 2; round += 1) {
      const ran = await logOfA.during(async () => {
        const page = await playlists.smartSongsPage(criteria, owner.user._id, 1, 5);
        expect(page.map((song) => song.title)).toEqual(['K5 B', 'K5 C']);
        expect(await playlists.smartTotals(criteria, owner.user._id)).toEqual({
          songCount: 3,
          duration: 30,
        });
      });
      // The first round finds the list too long; later ones go straight to the page's statement.
      expect(ruleReads(ran)).toHaveLength(round === 0 ? 3 : 2);
    }
    // With a limit under the most it holds, the same criteria are kept.
    await playlists.smartSongsPage({ ...criteria, limit: 2 }, owner.user._id, 0, 5);
    const kept = await logOfA.during(() =>
      playlists.smartSongsPage({ ...criteria, limit: 2 }, owner.user._id, 0, 5),
    );
    expect(ruleReads(kept)).toEqual([]);
  });
});
