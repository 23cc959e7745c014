import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { profileQueryOptions } from '@/api/profile/get-profile';
import { allSongsQueryOptions } from '@/api/songs/get-songs';
import { useAuthStore } from '@/lib/auth-store';
import { discoverQueries } from '@/features/discover/prepare-discover';
import { makeSong } from '@/test/mock-api/factories';
import { sentRoutes } from '@/test/mock-api/routes';
import { seed } from '@/test/mock-api/store';
import { logIn } from '@/test/render-app';
import { createQueryClient } from './query-client';
import { prepareSignedInScreen } from './first-screen';

describe('prepareSignedInScreen', () => {
  it('loads Discover’s data into the cache, under the keys the page reads', async () => {
    logIn();
    seed.songs(makeSong('1'));
    const queryClient = createQueryClient();
    prepareSignedInScreen({ pathname: '/discover', search: '' }, queryClient);
    await waitFor(() => {
      expect(queryClient.getQueryData(discoverQueries.latest.queryKey)).toHaveLength(1);
      expect(queryClient.getQueryData(discoverQueries.recent.queryKey)).toEqual([]);
      expect(queryClient.getQueryData(discoverQueries.playlists.queryKey)).toEqual([]);
    });
  });

  it('loads the dashboard’s songs and profile into the cache', async () => {
    logIn();
    seed.songs(makeSong('1'));
    const queryClient = createQueryClient();
    prepareSignedInScreen({ pathname: '/user/dashboard', search: '?tab=browse' }, queryClient);
    await waitFor(() => {
      expect(queryClient.getQueryData(allSongsQueryOptions().queryKey)?.pages).toHaveLength(1);
      expect(queryClient.getQueryData(profileQueryOptions.queryKey)).toBeDefined();
    });
  });

  it('asks for nothing without a session', async () => {
    useAuthStore.getState().clearSession();
    const queryClient = createQueryClient();
    prepareSignedInScreen({ pathname: '/discover', search: '' }, queryClient);
    await Promise.resolve();
    expect(sentRoutes()).toEqual([]);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
