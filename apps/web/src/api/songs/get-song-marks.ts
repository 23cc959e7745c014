import { songApi } from '@cadenza/contract/routes/songs';
import type { SongMarks } from '@cadenza/contract/songs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { songKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';
import { useAuthStore } from '@/lib/auth-store';

/** GET /api/user/songs/marks: the ids of every song the listener liked and saved. */
export async function getSongMarks(signal?: AbortSignal): Promise<SongMarks> {
  return (await call(songApi.marks, { signal })).data;
}

export const songMarksQueryOptions = queryOptions({
  queryKey: songKeys.marks(),
  queryFn: ({ signal }) => getSongMarks(signal),
  // Every like and save here writes the server's answer into the cache, so only marks made on
  // another device can be missing: read again after minutes, not on every screen.
  staleTime: 5 * 60_000,
});

/** Which songs the logged-in listener liked and saved; nothing is fetched for a visitor. */
export function useSongMarks() {
  const loggedIn = useAuthStore((state) => state.token !== null);
  return useQuery({ ...songMarksQueryOptions, enabled: loggedIn });
}

const NO_IDS: readonly string[] = [];

/** Ids of the liked songs, for like toggles anywhere. */
export function useLikedIds(): ReadonlySet<string> {
  const liked = useSongMarks().data?.liked ?? NO_IDS;
  return useIdSet(liked);
}

/** Ids of the saved songs, for the save toggles anywhere. */
export function useSavedIds(): ReadonlySet<string> {
  const saved = useSongMarks().data?.saved ?? NO_IDS;
  return useIdSet(saved);
}

function useIdSet(ids: readonly string[]): ReadonlySet<string> {
  return useMemo(() => new Set(ids), [ids]);
}
