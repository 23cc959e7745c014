import type { SuccessResponse } from '../envelope';
import type {
  ConnectListenBrainzBody,
  LastFmAuthorization,
  LastFmSettings,
  LastFmSettingsBody,
  ListenAnswer,
  ListenBody,
  ScrobblingStatus,
} from '../scrobbling';
import { defineRoute } from '../route';

/** The listener's links to ListenBrainz and Last.fm (docs/product.md, Scrobbling). */
export const scrobblingApi = {
  status: defineRoute<{ response: SuccessResponse<ScrobblingStatus> }>()(
    'GET',
    '/api/user/scrobbling',
  ),
  connectListenBrainz: defineRoute<{
    body: ConnectListenBrainzBody;
    response: SuccessResponse<ScrobblingStatus>;
  }>()('PUT', '/api/user/scrobbling/listenbrainz'),
  disconnectListenBrainz: defineRoute<{ response: SuccessResponse<ScrobblingStatus> }>()(
    'DELETE',
    '/api/user/scrobbling/listenbrainz',
  ),
  startLastFm: defineRoute<{ response: SuccessResponse<LastFmAuthorization> }>()(
    'POST',
    '/api/user/scrobbling/lastfm/authorization',
  ),
  finishLastFm: defineRoute<{ response: SuccessResponse<ScrobblingStatus> }>()(
    'POST',
    '/api/user/scrobbling/lastfm/session',
  ),
  disconnectLastFm: defineRoute<{ response: SuccessResponse<ScrobblingStatus> }>()(
    'DELETE',
    '/api/user/scrobbling/lastfm',
  ),
  listen: defineRoute<{ body: ListenBody; response: SuccessResponse<ListenAnswer> }>()(
    'POST',
    '/api/user/scrobbling/listens',
  ),
} as const;

/** The administrator's Last.fm application, beside the Settings tab's other settings. */
export const lastFmSettingsApi = {
  get: defineRoute<{ response: SuccessResponse<LastFmSettings> }>()(
    'GET',
    '/api/admin/settings/lastfm',
  ),
  save: defineRoute<{ body: LastFmSettingsBody; response: SuccessResponse<LastFmSettings> }>()(
    'PUT',
    '/api/admin/settings/lastfm',
  ),
} as const;
