import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { checkOpenSubsonicAnswer } from '../../../test/opensubsonic-schemas';
import { createSong } from '../../../test/songs';
import { createApiKey, restBoth, restJson, type RestParams } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Subsonic's first `search`, still called by old apps: songs, paged by offset and count. */

let t: TestApp;
let auth: RestParams;

beforeAll(async () => {
  t = await createTestApp();
  auth = { apiKey: await createApiKey(t, await createUser(t)) };
  for (const [title, createdAt] of [
    ['Lighthouse Keeper', '2026-01-01T00:00:00.000Z'],
    ['Lighthouse Beam', '2026-06-01T00:00:00.000Z'],
    ['Lighthouse Fog', '2026-09-01T00:00:00.000Z'],
  ] as const) {
    await createSong(t, { title, artist: 'Coastal Choir', album: 'Shoreline', createdAt });
  }
  await createSong(t, { title: 'Inland', artist: 'Someone Else', album: 'Fields' });
});
afterAll(() => t.close());

type Match = { title: string };
const titles = (answer: Record<string, unknown>) =>
  ((answer.searchResult as { match?: Match[] }).match ?? []).map((match) => match.title).sort();

describe('search', () => {
  it('finds songs by any field, pages them, and says when there are more', async () => {
    const all = await restBoth(t, 'search', { ...auth, any: 'lighthouse' });
    checkOpenSubsonicAnswer('search', all);
    expect(titles(all)).toEqual(['Lighthouse Beam', 'Lighthouse Fog', 'Lighthouse Keeper']);
    expect(all.searchResult).toMatchObject({ offset: 0, totalHits: 3 });

    const first = await restJson(t, 'search', { ...auth, any: 'lighthouse', count: 2 });
    expect(titles(first)).toHaveLength(2);
    expect(first.searchResult).toMatchObject({ offset: 0, totalHits: 3 });
    const second = await restJson(t, 'search', { ...auth, any: 'lighthouse', count: 2, offset: 2 });
    expect(titles(second)).toHaveLength(1);
    expect(second.searchResult).toMatchObject({ offset: 2, totalHits: 3 });
    expect([...titles(first), ...titles(second)].sort()).toEqual(titles(all));
  });

  it('takes the artist, album and title words together, and newerThan', async () => {
    const byParts = await restJson(t, 'search', { ...auth, artist: 'coastal', title: 'fog' });
    expect(titles(byParts)).toEqual(['Lighthouse Fog']);
    const newer = await restJson(t, 'search', {
      ...auth,
      album: 'shoreline',
      newerThan: Date.parse('2026-05-01T00:00:00.000Z'),
    });
    expect(titles(newer)).toEqual(['Lighthouse Beam', 'Lighthouse Fog']);
  });

  it('answers a count or offset out of range with an error, never a 500', async () => {
    const cases: RestParams[] = [
      { count: -1 },
      { offset: 'x' },
      { count: 100_000 },
      { newerThan: 'soon' },
    ];
    for (const params of cases) {
      const answer = await restJson(t, 'search', { ...auth, any: 'a', ...params });
      expect(answer, JSON.stringify(params)).toMatchObject({
        status: 'failed',
        error: { code: 0 },
      });
    }
  });
});
