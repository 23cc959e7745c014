import { scrobblingApi } from '@cadenza/contract/routes/scrobbling';
import type { LastFmAuthorization, ScrobblingStatus } from '@cadenza/contract/scrobbling';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** GET /api/user/scrobbling: the links to ListenBrainz and Last.fm and what waits for each. */
export async function getScrobblingStatus(signal?: AbortSignal): Promise<ScrobblingStatus> {
  return (await call(scrobblingApi.status, { signal })).data;
}

export function useScrobblingStatus() {
  return useQuery({
    queryKey: accountKeys.scrobbling(),
    queryFn: ({ signal }) => getScrobblingStatus(signal),
  });
}

/** Every change answers the whole status, which replaces the one shown. */
function useStatusChange<V>(change: (variables: V) => Promise<ScrobblingStatus>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (status) => queryClient.setQueryData(accountKeys.scrobbling(), status),
  });
}

/** PUT /api/user/scrobbling/listenbrainz with the listener's user token. */
export function useConnectListenBrainz() {
  return useStatusChange(
    async (token: string) =>
      (await call(scrobblingApi.connectListenBrainz, { body: { token } })).data,
  );
}

/** DELETE /api/user/scrobbling/listenbrainz or /lastfm. */
export function useDisconnectScrobbling() {
  return useStatusChange(async (service: 'listenbrainz' | 'lastfm') =>
    service === 'listenbrainz'
      ? (await call(scrobblingApi.disconnectListenBrainz)).data
      : (await call(scrobblingApi.disconnectLastFm)).data,
  );
}

/** POST /api/user/scrobbling/lastfm/authorization: the Last.fm page to allow Cadenza on. */
export function useStartLastFm() {
  return useMutation({
    mutationFn: async (): Promise<LastFmAuthorization> =>
      (await call(scrobblingApi.startLastFm)).data,
  });
}

/** POST /api/user/scrobbling/lastfm/session, once the listener allowed Cadenza on Last.fm. */
export function useFinishLastFm() {
  return useStatusChange(async () => (await call(scrobblingApi.finishLastFm)).data);
}
