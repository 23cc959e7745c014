import { generalApi } from '@cadenza/contract/routes/general';
import type { PublicConfig } from '@cadenza/contract/public-config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { configKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** What the server answers when nothing is configured (docs/architecture.md §3). */
export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  productName: 'Cadenza',
  supportEmail: 'support@cadenza.local',
  supportPhone: null,
  supportAddress: null,
  earlyAccessEnd: '2025-07-30',
  seedUsersEnabled: false,
  passwordMinLength: 6,
  signIn: { oidc: null, proxy: false },
  registration: 'open',
  siteMode: 'public',
  transcoding: false,
};

export async function getPublicConfig(): Promise<PublicConfig> {
  const answer = await call(generalApi.config);
  return answer.data;
}

export const publicConfigQueryOptions = queryOptions({
  queryKey: configKeys.public(),
  queryFn: getPublicConfig,
  // Read once per page load; the admin's Settings tab refreshes it after a change.
  staleTime: Infinity,
});

/**
 * GET /api/general/config: product name, support contacts, early-access end, features.
 * `config` is the server's answer, or the defaults while it loads or when it fails.
 */
export function usePublicConfig() {
  const query = useQuery(publicConfigQueryOptions);
  return { ...query, config: query.data ?? DEFAULT_PUBLIC_CONFIG };
}
