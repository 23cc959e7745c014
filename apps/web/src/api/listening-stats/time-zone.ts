import type { TimeZoneSetting } from '@cadenza/contract/listening-stats';
import { listeningStatsApi } from '@cadenza/contract/routes/listening-stats';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/route-call';
import { listeningStatsKeys } from './listening-stats-keys';

/** GET /api/user/time-zone: the zone that decides the listener's days, and whether it was set. */
export function useTimeZone() {
  return useQuery({
    queryKey: listeningStatsKeys.timeZone(),
    queryFn: async ({ signal }): Promise<TimeZoneSetting> =>
      (await call(listeningStatsApi.timeZone, { signal })).data,
  });
}

/** PUT /api/user/time-zone: every day, hour and weekday counted is read again in the new zone. */
export function useSetTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (timeZone: string) =>
      (await call(listeningStatsApi.setTimeZone, { body: { timeZone } })).data,
    onSuccess: async (setting) => {
      queryClient.setQueryData(listeningStatsKeys.timeZone(), setting);
      await queryClient.invalidateQueries({
        queryKey: listeningStatsKeys.all,
        predicate: (query) => query.queryKey[1] !== 'time-zone',
      });
    },
  });
}
