import { adminApi } from '@cadenza/contract/routes/admin';
import type { SiteSettings, SiteSettingsPatch } from '@cadenza/contract/site-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { configKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

export async function getSiteSettings(): Promise<SiteSettings> {
  return (await call(adminApi.settings)).data;
}

export async function updateSiteSettings(patch: SiteSettingsPatch): Promise<SiteSettings> {
  return (await call(adminApi.updateSettings, { body: patch })).data;
}

/** GET /api/admin/settings. */
export function useSiteSettings() {
  return useQuery({ queryKey: configKeys.siteSettings(), queryFn: getSiteSettings });
}

/** PATCH /api/admin/settings; the public configuration (who may sign up) is read again. */
export function useUpdateSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSiteSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(configKeys.siteSettings(), settings);
      return queryClient.invalidateQueries({ queryKey: configKeys.public() });
    },
  });
}
