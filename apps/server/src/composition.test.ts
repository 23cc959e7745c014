import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAdmin, createSong, type CreatedUser } from '../test/factories';
import { createApiKey, restJson, tokenAuth, type RestParams } from '../test/subsonic';
import { createTestApp, type TestApp } from '../test/test-app';
import type { Services } from './composition';
import { ApiKeysService } from './modules/api-keys/api-keys.service';
import { CatalogueService } from './modules/catalogue/catalogue.service';
import { LibraryScanService } from './modules/library/library-scan.service';
import { PlaylistsService } from './modules/playlists/playlists.service';
import { ScrobblingService } from './modules/scrobbling/scrobbling.service';
import { CombinedSearchService } from './modules/search/combined-search.service';
import { SearchService } from './modules/search/search.service';
import { SongsService } from './modules/songs/songs.service';

let t: TestApp;
let admin: CreatedUser;
let auth: RestParams;

beforeEach(async () => {
  t = await createTestApp({ env: { MUSIC_DIR: '' } });
  admin = await createAdmin(t, { email: 'admin@example.com' });
  auth = tokenAuth('admin@example.com', await createApiKey(t, admin));
});

afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

type ServiceClass = abstract new (...args: never[]) => object;

/**
 * The instances of `service` whose methods ran while `work` did: every method of its prototype is
 * watched (and still runs), and each call's `this` is kept.
 */
async function instancesUsed(service: ServiceClass, work: () => Promise<unknown>) {
  const prototype = service.prototype as Record<string, (...args: unknown[]) => unknown>;
  const names = Object.getOwnPropertyNames(prototype).filter(
    (name) => name !== 'constructor' && typeof prototype[name] === 'function',
  );
  const spies = names.map((name) => vi.spyOn(prototype, name));
  try {
    await work();
    return new Set(spies.flatMap((spy) => spy.mock.contexts));
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

async function web(url: string): Promise<void> {
  const res = await t.app.inject({ url, headers: admin.headers });
  expect(res.statusCode).toBe(200);
}

async function rest(endpoint: string, params: RestParams = {}): Promise<void> {
  const answer = await restJson(t, endpoint, { ...auth, ...params });
  expect(answer.status).toBe('ok');
}

/** Each service `/rest` shares with the web API, and a call of each door that uses it. */
const shared: readonly {
  readonly name: keyof Services;
  readonly service: ServiceClass;
  readonly web: (songId: string) => Promise<void>;
  readonly rest: (songId: string) => Promise<void>;
}[] = [
  {
    name: 'songs',
    service: SongsService,
    web: () => web('/api/user/songs'),
    rest: (songId) => rest('getSong', { id: `tr-${songId}` }),
  },
  {
    name: 'catalogue',
    service: CatalogueService,
    web: () => web('/api/user/albums'),
    rest: () => rest('getAlbumList2', { type: 'newest' }),
  },
  {
    name: 'search',
    service: SearchService,
    web: () => web('/api/user/songs/search?query=morning'),
    rest: () => rest('search3', { query: 'morning' }),
  },
  {
    name: 'combinedSearch',
    service: CombinedSearchService,
    web: () => web('/api/user/search/all?query=morning'),
    rest: () => rest('search3', { query: 'morning' }),
  },
  {
    name: 'playlists',
    service: PlaylistsService,
    web: () => web('/api/user/playlists'),
    rest: () => rest('getPlaylists'),
  },
  {
    name: 'libraryScans',
    service: LibraryScanService,
    web: () => web('/api/admin/library/scan'),
    rest: () => rest('getScanStatus'),
  },
  {
    name: 'apiKeys',
    service: ApiKeysService,
    web: () => web('/api/user/api-keys'),
    rest: () => rest('ping'),
  },
  {
    name: 'scrobbling',
    service: ScrobblingService,
    web: () => web('/api/user/scrobbling'),
    rest: (songId) => rest('scrobble', { id: `tr-${songId}`, submission: false }),
  },
];

describe('the composition root', () => {
  it.each(shared)(
    'hands the web API and /rest one $name service, the one it composed',
    async ({ name, service, web: byWeb, rest: byRest }) => {
      const song = await createSong(t, { title: 'Morning light' });
      const composed = t.services[name];
      const fromWeb = await instancesUsed(service, () => byWeb(song.id));
      const fromRest = await instancesUsed(service, () => byRest(song.id));
      expect([...fromWeb]).toEqual([composed]);
      expect([...fromRest]).toEqual([composed]);
    },
  );

  it('builds each service once: no two of them are one object under two names', () => {
    const services = Object.values(t.services);
    expect(new Set(services).size).toBe(services.length);
  });
});
