import { smartPlaylistApi } from '@cadenza/contract/routes/smart-playlists';
import type { SmartCriteriaInput, SmartPreview } from '@cadenza/contract/smart-playlists';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { playlistKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** How many of the matching songs a preview shows. */
export const PREVIEW_SAMPLE = 5;

/** POST /api/user/smart-playlists/preview: how many songs unsaved criteria choose, the first few. */
export async function previewSmartPlaylist(
  criteria: SmartCriteriaInput,
  signal?: AbortSignal,
): Promise<SmartPreview> {
  const body = { ...criteria, sample: PREVIEW_SAMPLE };
  return (await call(smartPlaylistApi.preview, { body, signal })).data;
}

/**
 * The preview of `criteria` (null: nothing to preview yet). While new criteria are on their way the
 * last answer stays, so that the count does not flicker as the listener types.
 */
export function useSmartPreview(criteria: SmartCriteriaInput | null) {
  return useQuery({
    queryKey: playlistKeys.smartPreview(criteria),
    queryFn: ({ signal }) => previewSmartPlaylist(criteria ?? { rules: null }, signal),
    enabled: criteria !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
