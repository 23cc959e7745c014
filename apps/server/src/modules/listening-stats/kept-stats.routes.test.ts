import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { injectForm } from '../../../test/multipart';
import { StatementLog } from '../../../test/sessions';
import { createSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Statistics pages kept on each node (decision 098): read again, a page costs the lookups of the
 * listener's time zone and plays, and it is read afresh once the listener plays (on any node),
 * changes time zone, or the catalogue changes; then only what its kept figures name is looked up
 * again (decision 107).
 */

let a: TestApp;
let b: TestApp;
let listener: CreatedUser;
let admin: CreatedUser;
let songId: string;
const logOfA = new StatementLog();

const NOW = new Date('2026-11-30T15:00:00.000Z');

beforeAll(async () => {
  a = await createTestApp({ clock: () => NOW, onQuery: logOfA.onQuery });
  b = await createTestApp({ clock: () => NOW, nodeOf: a });
  listener = await createUser(a);
  admin = await createAdmin(a);
  songId = (await createSong(a, { title: 'Kept Tune', duration: 120 })).song._id;
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

type Body = { data: Record<string, unknown> };

async function get(node: TestApp, url: string): Promise<Body> {
  const response = await node.app.inject({ url, headers: listener.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Reads `url` on A and answers what it says and the statements it cost. */
async function readOnA(url: string): Promise<{ body: Body; statements: number; ran: string[] }> {
  let body: Body = { data: {} };
  const ran = await logOfA.during(async () => {
    body = await get(a, url);
  });
  return { body, statements: ran.length, ran };
}

async function renameSong(title: string): Promise<void> {
  const renamed = await injectForm(
    b.app,
    { method: 'PUT', url: `/api/admin/songs/${songId}`, headers: admin.headers },
    { title },
  );
  expect(renamed.statusCode, renamed.body).toBe(200);
}

async function play(node: TestApp): Promise<void> {
  const response = await node.app.inject({
    method: 'POST',
    url: `/api/user/songs/${songId}/play`,
    headers: listener.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
}

const PAGES = [
  '/api/user/stats?period=all',
  '/api/user/stats?period=month&at=2026-11-30',
  '/api/user/stats/years/2026',
  '/api/user/on-this-day',
];
/** The listener's time zone, then the two lookups of their plays. */
const LOOKUPS = 3;
const totals = (body: Body) => body.data.totals as { plays: number };
const topTitles = (body: Body) =>
  (body.data.topSongs as { song: { title: string } }[]).map((entry) => entry.song.title);

describe('statistics kept on a node', () => {
  it('answers a page read again with the same figures after three lookups', async () => {
    await play(a);
    for (const url of PAGES) {
      const first = await readOnA(url);
      expect(first.statements).toBeGreaterThan(LOOKUPS);
      const again = await readOnA(url);
      expect(again.statements).toBe(LOOKUPS);
      expect(again.body).toEqual(first.body);
    }
  });

  it('reads afresh after a play on any node, a change of time zone or of the catalogue', async () => {
    const url = PAGES[0]!;
    const before = totals((await readOnA(url)).body).plays;
    await play(a);
    expect(totals((await readOnA(url)).body).plays).toBe(before + 1);
    await play(b);
    expect(totals((await readOnA(url)).body).plays).toBe(before + 2);

    const moved = await a.app.inject({
      method: 'PUT',
      url: '/api/user/time-zone',
      headers: listener.headers,
      payload: { timeZone: 'Asia/Tokyo' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await readOnA(url)).body.data.timeZone).toBe('Asia/Tokyo');

    expect(topTitles((await readOnA(url)).body)).toEqual(['Kept Tune']);
    await renameSong('Renamed Tune');
    expect(topTitles((await readOnA(url)).body)).toEqual(['Renamed Tune']);
  });

  it('after a change to the catalogue, names what the kept figures count without counting again', async () => {
    const counted = PAGES.slice(0, 3);
    const before = new Map<string, Body>();
    for (const url of counted) before.set(url, (await readOnA(url)).body);
    expect(topTitles(before.get(PAGES[0]!)!)).toEqual(['Renamed Tune']);
    await renameSong('Figured Tune');
    for (const url of counted) {
      const { body, ran } = await readOnA(url);
      // (In Tokyo, the plays fell on 1 December: November's page has none.)
      expect(topTitles(body)).toEqual(topTitles(before.get(url)!).map(() => 'Figured Tune'));
      expect({ ...body.data, topSongs: [] }).toEqual({ ...before.get(url)!.data, topSongs: [] });
      // The listener's plays are looked up for the key; no count is read again.
      const counts = ran.filter((sql) => /"listening_totals"|"listening_item_counts"/.test(sql));
      expect(counts, url).toHaveLength(1);
    }
  });
});
