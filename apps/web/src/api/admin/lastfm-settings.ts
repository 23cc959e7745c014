import { lastFmSettingsApi } from '@cadenza/contract/routes/scrobbling';
import type { LastFmSettings, LastFmSettingsBody } from '@cadenza/contract/scrobbling';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { configKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** GET /api/admin/settings/lastfm: the API key, and whether the secret is set. */
export function useLastFmSettings() {
  return useQuery({
    queryKey: configKeys.lastFmSettings(),
    queryFn: async (): Promise<LastFmSettings> => (await call(lastFmSettingsApi.get)).data,
  });
}

/** PUT /api/admin/settings/lastfm. */
export function useSaveLastFmSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LastFmSettingsBody): Promise<LastFmSettings> =>
      (await call(lastFmSettingsApi.save, { body })).data,
    onSuccess: (settings) => queryClient.setQueryData(configKeys.lastFmSettings(), settings),
  });
}
