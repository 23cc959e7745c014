import { describe, expect, it } from 'vitest';
import type { Route } from '@cadenza/contract/route';
import { accountApi, apiKeyApi, secondFactorApi } from '@cadenza/contract/routes/account';
import { adminApi, adminUserApi, libraryApi } from '@cadenza/contract/routes/admin';
import { authApi, singleSignOnApi } from '@cadenza/contract/routes/auth';
import { catalogueApi, searchApi } from '@cadenza/contract/routes/catalogue';
import { generalApi } from '@cadenza/contract/routes/general';
import { genreApi } from '@cadenza/contract/routes/genres';
import { historyApi } from '@cadenza/contract/routes/listening-history';
import { playerApi } from '@cadenza/contract/routes/player';
import { adminPlaylistApi, playlistApi } from '@cadenza/contract/routes/playlists';
import { lastFmSettingsApi, scrobblingApi } from '@cadenza/contract/routes/scrobbling';
import { smartPlaylistApi } from '@cadenza/contract/routes/smart-playlists';
import { adminSongApi, publicSongApi, songApi } from '@cadenza/contract/routes/songs';
import { createTestApp } from '../test/test-app';
import { declaredUrl } from './declared-routes';

const declarations: Record<string, Record<string, Route>> = {
  accountApi,
  apiKeyApi,
  secondFactorApi,
  adminApi,
  adminUserApi,
  libraryApi,
  authApi,
  singleSignOnApi,
  catalogueApi,
  searchApi,
  generalApi,
  genreApi,
  playerApi,
  historyApi,
  playlistApi,
  adminPlaylistApi,
  smartPlaylistApi,
  scrobblingApi,
  lastFmSettingsApi,
  songApi,
  publicSongApi,
  adminSongApi,
};

describe('routes declared in the contract', () => {
  it('are registered under a prefix as their path less the prefix', () => {
    expect(declaredUrl({ prefix: '/api/user/songs' }, songApi.toggleLike)).toBe('/:id/like');
    expect(declaredUrl({ prefix: '/api/user/songs' }, songApi.list)).toBe('/');
    expect(() => declaredUrl({ prefix: '/api/admin' }, songApi.list)).toThrow(
      'GET /api/user/songs is declared outside /api/admin',
    );
  });

  it('are every one registered by the app, with its method', async () => {
    const t = await createTestApp();
    try {
      const missing = Object.entries(declarations).flatMap(([group, routes]) =>
        Object.entries(routes)
          .filter(([, route]) => !t.app.hasRoute({ method: route.method, url: route.path }))
          .map(([name, route]) => `${group}.${name}: ${route.method} ${route.path}`),
      );
      expect(missing).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
