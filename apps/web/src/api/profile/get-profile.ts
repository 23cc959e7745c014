import { accountApi } from '@cadenza/contract/routes/account';
import type { Profile } from '@cadenza/contract/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';
import { useAuthStore } from '@/lib/auth-store';

/** GET /api/user/profile: the account (its songs, capped, are read from the song lists). */
export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  return (await call(accountApi.profile, { signal })).data;
}

export const profileQueryOptions = queryOptions({
  queryKey: profileKeys.me(),
  queryFn: ({ signal }) => getProfile(signal),
});

/** The profile of whoever is logged in; nothing is fetched for a visitor. */
export function useProfile() {
  const loggedIn = useAuthStore((state) => state.token !== null);
  return useQuery({ ...profileQueryOptions, enabled: loggedIn });
}
