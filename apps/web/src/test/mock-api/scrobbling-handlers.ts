import type { HttpHandler } from 'msw';
import { HttpResponse } from 'msw';
import type { User } from '@cadenza/contract/auth';
import {
  connectListenBrainzBodySchema,
  lastFmSettingsBodySchema,
  listenBodySchema,
  type ScrobblingStatus,
} from '@cadenza/contract/scrobbling';
import { failure, on } from './routes';
import { UNLINKED, type FakeScrobblingLinks } from './scrobbling-store';
import { findUser, nextId, store } from './store';

const ok = <T>(data: T) => HttpResponse.json({ success: true, data });

function caller(request: Request): User | Response {
  const token = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1];
  const user = findUser(store.sessions.get(token ?? '') ?? '');
  return user ?? failure(401, 'Please log in to continue.', 'unauthorized');
}

function adminCaller(request: Request): User | Response {
  const user = caller(request);
  if (user instanceof Response || user.role === 'admin') return user;
  return failure(403, 'Administrators only.', 'admins_only');
}

function linksOf(userId: string): FakeScrobblingLinks {
  const links = store.scrobbling.links.get(userId) ?? {
    listenBrainz: UNLINKED,
    lastFm: UNLINKED,
    lastFmRequestToken: null,
  };
  store.scrobbling.links.set(userId, links);
  return links;
}

function statusOf(userId: string): ScrobblingStatus {
  const { listenBrainz, lastFm } = linksOf(userId);
  const { lastFmApiKey, lastFmSecret } = store.scrobbling;
  return { listenBrainz, lastFm, lastFmAvailable: lastFmApiKey !== null && lastFmSecret !== null };
}

const invalid = (message: string) => failure(400, message, 'invalid_input');

/** Scrobbling as the server answers it, with ListenBrainz and Last.fm as `store.scrobbling` says. */
export const scrobblingHandlers: HttpHandler[] = [
  on('GET /api/user/scrobbling', ({ request }) => {
    const user = caller(request);
    return user instanceof Response ? user : ok(statusOf(user._id));
  }),

  on('PUT /api/user/scrobbling/listenbrainz', async ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const body = connectListenBrainzBodySchema.safeParse(await request.json());
    if (!body.success) return invalid(body.error.issues[0]?.message ?? 'Invalid input');
    const userName = store.scrobbling.listenBrainzTokens.get(body.data.token);
    if (!userName) {
      return failure(
        400,
        'ListenBrainz does not know this token. Copy it again from your ListenBrainz settings.',
        'scrobbling_token_invalid',
      );
    }
    const links = linksOf(user._id);
    links.listenBrainz = { ...links.listenBrainz, userName, needsReconnect: false };
    return ok(statusOf(user._id));
  }),

  on('DELETE /api/user/scrobbling/listenbrainz', ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    linksOf(user._id).listenBrainz = UNLINKED;
    return ok(statusOf(user._id));
  }),

  on('POST /api/user/scrobbling/lastfm/authorization', ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    if (!statusOf(user._id).lastFmAvailable) {
      return failure(409, 'Last.fm is not set up on this server.', 'lastfm_not_configured');
    }
    const token = nextId('lastfm-token');
    linksOf(user._id).lastFmRequestToken = token;
    const query = new URLSearchParams({ api_key: store.scrobbling.lastFmApiKey ?? '', token });
    return ok({ authUrl: `https://www.last.fm/api/auth/?${query.toString()}` });
  }),

  on('POST /api/user/scrobbling/lastfm/session', ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const links = linksOf(user._id);
    const userName = store.scrobbling.lastFmAllowed.get(links.lastFmRequestToken ?? '');
    if (!userName) {
      return failure(
        409,
        'Last.fm has not been allowed yet. Press Connect Last.fm and allow Cadenza there.',
        'lastfm_not_allowed',
      );
    }
    links.lastFm = { ...links.lastFm, userName, needsReconnect: false };
    links.lastFmRequestToken = null;
    return ok(statusOf(user._id));
  }),

  on('DELETE /api/user/scrobbling/lastfm', ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    linksOf(user._id).lastFm = UNLINKED;
    return ok(statusOf(user._id));
  }),

  on('POST /api/user/scrobbling/listens', async ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const body = listenBodySchema.safeParse(await request.json());
    if (!body.success) return invalid(body.error.issues[0]?.message ?? 'Invalid input');
    store.scrobbling.listens.push(body.data);
    const { listenBrainz, lastFm } = linksOf(user._id);
    return ok({ queued: [listenBrainz, lastFm].filter((link) => link.userName !== null).length });
  }),

  on('GET /api/admin/settings/lastfm', ({ request }) => {
    const admin = adminCaller(request);
    if (admin instanceof Response) return admin;
    const { lastFmApiKey, lastFmSecret } = store.scrobbling;
    return ok({ apiKey: lastFmApiKey, secretSet: lastFmSecret !== null });
  }),

  on('PUT /api/admin/settings/lastfm', async ({ request }) => {
    const admin = adminCaller(request);
    if (admin instanceof Response) return admin;
    const body = lastFmSettingsBodySchema.safeParse(await request.json());
    if (!body.success) return invalid(body.error.issues[0]?.message ?? 'Invalid input');
    const { apiKey, secret } = body.data;
    store.scrobbling.lastFmApiKey = apiKey || null;
    if (!apiKey) store.scrobbling.lastFmSecret = null;
    else if (secret) store.scrobbling.lastFmSecret = secret;
    return ok({ apiKey: apiKey || null, secretSet: store.scrobbling.lastFmSecret !== null });
  }),
];
