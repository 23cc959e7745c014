import type { Mix, RadioBatch, RadioRequest } from '@cadenza/contract/radio';
import { radioApi } from '@cadenza/contract/routes/radio';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { radioKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** POST /api/user/radio: a station's next songs, none of the last 50 of `recent`. */
export async function getRadioBatch(body: RadioRequest): Promise<RadioBatch> {
  return (await call(radioApi.next, { body })).data;
}

/** GET /api/user/mixes: stations from the artists and genres the listener plays most. */
export function mixesQueryOptions() {
  return queryOptions({
    queryKey: radioKeys.mixes(),
    queryFn: async ({ signal }): Promise<Mix[]> =>
      (await call(radioApi.mixes, { signal })).data.mixes,
  });
}

export function useMixes() {
  return useQuery(mixesQueryOptions());
}
