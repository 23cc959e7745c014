import type { User } from '@cadenza/contract/auth';
import type { Playlist } from '@cadenza/contract/playlists';
import type { PublicConfig } from '@cadenza/contract/public-config';
import { vi } from 'vitest';
import { jsonResponse, makeUser } from '@/test/render-app';
import { makePlaylist } from '@/test/songs';

/** A playlist as the admin's lists show it: the admin's own, and a Default one. */
export function makeAdminPlaylist(id: string, overrides: Partial<Playlist> = {}): Playlist {
  return makePlaylist(id, {
    coverImage: `/media/covers/${id}.jpg`,
    isDefault: true,
    owner: { _id: 'admin', name: 'Grace Admin' },
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  });
}

/** A listener's account as the Users tab lists it. */
export function makeAccount(id: string, overrides: Partial<User> = {}): User {
  return makeUser({
    _id: id,
    name: `Person ${id}`,
    email: `person${id}@example.com`,
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  });
}

export const page = <T>(data: T[]) => ({ success: true, data });
export const ok = <T>(data: T) => ({ success: true, data });

/** The answer to GET /api/general/config: seeding enabled unless overridden. */
export function configAnswer(overrides: Partial<PublicConfig> = {}) {
  return () =>
    jsonResponse(
      200,
      ok({
        productName: 'Cadenza',
        supportEmail: 's@c.l',
        supportPhone: null,
        supportAddress: null,
        earlyAccessEnd: '2025-07-30',
        seedUsersEnabled: true,
        ...overrides,
      }),
    );
}

type Answer = Response | (() => Response);
export type Routes = Record<string, Answer | ((init: RequestInit, url: string) => Response)>;

/**
 * A fetch that answers by "METHOD /path" (without the query string); anything else is a 404.
 * The admin's usual first loads (config, stats) have defaults.
 */
export function mockApi(routes: Routes = {}) {
  const all: Routes = {
    'GET /api/general/config': configAnswer(),
    'GET /api/admin/stats': () =>
      jsonResponse(200, ok({ totalUsers: 0, totalSongs: 0, songsByGenre: [] })),
    ...routes,
  };
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const key = `${init.method ?? 'GET'} ${url.split('?')[0]}`;
    const answer = all[key];
    if (!answer)
      return Promise.resolve(jsonResponse(404, { success: false, message: `No route ${key}` }));
    const response = typeof answer === 'function' ? answer(init, url) : answer.clone();
    return Promise.resolve(response);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls a mocked fetch received, as "METHOD /path". */
export function callsOf(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls.map(
    ([input, init]) =>
      `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(input).split('?')[0]}`,
  );
}
