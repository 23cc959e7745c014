import type { InjectOptions } from 'fastify';
import { DEFAULT_PLAYER_SETTINGS } from '@cadenza/contract/player-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wavBytes } from '../test/audio-fixtures';
import { storeCover } from '../test/covers';
import { createAdmin, createPlaylist, createUser, type CreatedUser } from '../test/factories';
import { pngBytes } from '../test/media-files';
import { multipartBody } from '../test/multipart';
import { checkOpenSubsonicAnswer, checkOpenSubsonicError } from '../test/opensubsonic-schemas';
import { createSong } from '../test/songs';
import { startOidcProvider, type TestOidcProvider } from '../test/oidc-provider';
import { signInWithOidc } from '../test/oidc-sign-in';
import { enableSecondFactor } from '../test/second-factor';
import {
  createApiKey,
  rest,
  tokenAuth,
  type RestParams,
  type SubsonicJson,
} from '../test/subsonic';
import { insertPodcast } from '../test/podcast-feeds';
import { relayKeyOf } from './modules/internet-radio/station-relay.service';
import { createTestApp, type TestApp } from '../test/test-app';
import { stepAt, totpCode } from './modules/second-factor/totp';
import { newId } from './ids';
import { HistoryRepository } from './modules/history/history.repository';
import { PlaysRepository } from './modules/songs/plays.repository';

/**
 * Every route of the OpenAPI document, called as a visitor, a listener and an administrator.
 * A route missing here fails the test: each new route must say who may call it.
 *
 * - public: nobody gets 401/403; each role gets the `allowed` status.
 * - user: visitors get 401; listeners and admins get the `allowed` status.
 * - admin: visitors get 401, listeners 403; admins get the `allowed` status.
 *
 * Each call is built for its caller with real ids from the factories, so that an allowed call
 * succeeds (or fails on purpose with a status that is not about authorisation).
 */

type Role = 'visitor' | 'user' | 'admin';
type Access = 'public' | 'user' | 'admin';

interface Caller {
  readonly role: Role;
  /** How a listener signed in, when not with a password alone. */
  readonly signedIn?: 'second factor' | 'OpenID Connect';
  /** Null for a visitor. */
  readonly account: CreatedUser | null;
}

type Call = Omit<InjectOptions, 'method' | 'url'> & { readonly url: string };

interface Entry {
  readonly access: Access;
  /** The status an allowed caller gets. */
  readonly allowed: number;
  /** The request for this caller; `url` is the concrete path with its query. */
  readonly call: (caller: Caller) => Promise<Call> | Call;
}

let t: TestApp;
let provider: TestOidcProvider;
let listener: CreatedUser;
let admin: CreatedUser;
/** A listener who signed in with a password and a second factor. */
let secondFactorListener: CreatedUser;
/** A listener whose account an OpenID provider made and signed in. */
let oidcListener: CreatedUser;
const UNKNOWN_TOKEN = 'not-a-real-reset-token';
const PROXY_HEADER = 'remote-email';

beforeAll(async () => {
  provider = await startOidcProvider(
    [{ sub: 'matrix-oidc', email: 'matrix-oidc@example.com', email_verified: true }],
    'http://cadenza.test/api/auth/oidc/callback',
  );
  t = await createTestApp({
    env: {
      ENABLE_SEED_USERS: 'true',
      ...provider.env,
      AUTH_PROXY_HEADER: PROXY_HEADER,
      TRUST_PROXY: '127.0.0.1',
    },
  });
  listener = await createUser(t);
  admin = await createAdmin(t);
  secondFactorListener = await signedInWithSecondFactor();
  oidcListener = await signedInWithOidc();
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

const asCreatedUser = (res: { json(): unknown }, password: string): CreatedUser => {
  const { token, user } = res.json() as { token: string; user: CreatedUser['user'] };
  return { user, password, token, headers: { authorization: `Bearer ${token}` } };
};

/** A fresh listener with a second factor, and the challenge of its password's login. */
async function challengedListener() {
  const account = await createUser(t);
  const factor = await enableSecondFactor(t, account);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: account.user.email, password: account.password },
  });
  return { account, factor, challenge: login.json().challenge as string };
}

async function signedInWithSecondFactor(): Promise<CreatedUser> {
  const { account, factor, challenge } = await challengedListener();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login/second-factor',
    payload: { challenge, code: factor.code(1) },
  });
  expect(res.statusCode).toBe(200);
  return asCreatedUser(res, account.password);
}

async function signedInWithOidc(): Promise<CreatedUser> {
  const { session } = await signInWithOidc(t, provider, 'matrix-oidc');
  expect(session?.statusCode).toBe(200);
  return asCreatedUser(session!, '');
}

/** A session of its own for a caller, so that a call changing its account spares the shared one. */
async function ownSessionHeaders(caller: Caller): Promise<Record<string, string>> {
  return caller.account ? (await createUser(t, { role: caller.account.user.role })).headers : {};
}

/** Someone who owns what a call needs: the caller when logged in, else a listener. */
const ownerFor = (caller: Caller) => caller.account ?? listener;

/**
 * An account of the caller's role that signs in with its password alone (the callers who signed
 * in through a provider or with a second factor cannot repeat it), with the headers to use.
 */
async function passwordOwner(
  caller: Caller,
): Promise<{ owner: CreatedUser; headers: Record<string, string> }> {
  if (!caller.account) return { owner: listener, headers: {} };
  if (!caller.signedIn) return { owner: caller.account, headers: {} };
  const owner = await createUser(t, { role: caller.account.user.role });
  return { owner, headers: owner.headers };
}

async function songId(): Promise<string> {
  return (await createSong(t)).song._id;
}

/** A share of a new song, made by `owner` (by an account none of the callers is when none). */
async function someonesShare(owner: CreatedUser | null = null): Promise<string> {
  owner ??= await createUser(t);
  const share = await t.services.shares.create(owner.user._id, {
    kind: 'songs',
    itemIds: [await songId()],
  });
  return share.id;
}

/** A new internet radio station. */
async function stationId(): Promise<string> {
  const station = await t.services.stations.create({
    name: 'Matrix Radio',
    streamUrl: 'https://radio.example.com/matrix',
  });
  return station.id;
}

/** A new song's first tag genre. */
async function genreId(): Promise<string> {
  const { song } = await createSong(t, { genres: ['Matrix Genre'] });
  const id = song.genres[0]?._id;
  if (!id) throw new Error('the song has no genre');
  return id;
}

/** A new song's album, or its first artist. */
async function catalogueId(of: 'album' | 'artist'): Promise<string> {
  const { song } = await createSong(t);
  const id = of === 'album' ? song.albumId : song.artists[0]?._id;
  if (!id) throw new Error(`the song has no ${of}`);
  return id;
}

function form(parts: Parameters<typeof multipartBody>[0]): Pick<Call, 'payload' | 'headers'> {
  const { payload, headers } = multipartBody(parts);
  return { payload, headers };
}

/** A play of the owner's history, by its number. */
async function playOf(owner: CreatedUser): Promise<string> {
  const playedAt = new Date().toISOString();
  await new PlaysRepository(t.database.db).record(owner.user._id, [
    { songId: await songId(), playedAt },
  ]);
  const play = await t.database.db
    .selectFrom('plays')
    .select('id')
    .where('user_id', '=', owner.user._id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return String(play.id);
}

const SMART_RULES = { all: [{ field: 'title', operator: 'contains', value: 'a' }] };

/** A smart playlist of the owner's, made as the editor makes one. */
async function smartPlaylistOf(owner: CreatedUser): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/smart-playlists',
    headers: owner.headers,
    payload: { name: 'Ruled', rules: SMART_RULES },
  });
  return res.json<{ data: { _id: string } }>().data._id;
}

/** A brought-along listen of the owner's that no song matched. */
async function unmatchedListenOf(owner: CreatedUser): Promise<string> {
  const id = newId();
  await t.database.db
    .insertInto('unmatched_listens')
    .values({
      id,
      user_id: owner.user._id,
      source: 'lastfm',
      played_at: new Date().toISOString(),
      artist: 'Matrix Artist',
      title: 'Matrix Title',
      album: null,
    })
    .execute();
  return id;
}

/** An import of the owner's, of a file of one listen. */
async function historyImportOf(owner: CreatedUser): Promise<string> {
  const listen = { playedAt: new Date().toISOString(), artist: 'A', title: 'B', album: null };
  const created = await new HistoryRepository(t.database.db).createImport(
    owner.user._id,
    'lastfm',
    [listen],
    0,
    new Date().toISOString(),
  );
  return created.id;
}

let sequence = 0;
const uniqueEmail = () => `matrix${(sequence += 1)}.${Date.now()}@example.com`;

const MATRIX: Record<string, Entry> = {
  // Accounts and sessions.
  'POST /api/auth/register': {
    access: 'public',
    allowed: 201,
    call: () => ({
      url: '/api/auth/register',
      payload: { name: 'New', email: uniqueEmail(), password: 'secret-123' },
    }),
  },
  'POST /api/auth/login': {
    access: 'public',
    allowed: 200,
    call: () => ({
      url: '/api/auth/login',
      payload: { email: listener.user.email, password: listener.password },
    }),
  },
  'POST /api/auth/logout': {
    access: 'user',
    allowed: 200,
    // A session of its own, so that logging out does not end the shared test sessions.
    call: async (caller) => ({
      url: '/api/auth/logout',
      headers: caller.account
        ? (await createUser(t, { role: caller.account.user.role })).headers
        : {},
    }),
  },
  'POST /api/auth/forgot-password': {
    access: 'public',
    allowed: 200,
    call: () => ({ url: '/api/auth/forgot-password', payload: { email: uniqueEmail() } }),
  },
  'PUT /api/auth/reset-password/{resetToken}': {
    access: 'public',
    // An unknown reset token: refused for what it is, whoever asks.
    allowed: 400,
    call: () => ({
      url: `/api/auth/reset-password/${UNKNOWN_TOKEN}`,
      payload: { password: 'new-secret-123' },
    }),
  },
  'POST /api/auth/login/second-factor': {
    access: 'public',
    allowed: 200,
    call: async () => {
      const { factor, challenge } = await challengedListener();
      return {
        url: '/api/auth/login/second-factor',
        payload: { challenge, code: factor.code(1) },
      };
    },
  },
  'GET /api/auth/oidc/start': {
    access: 'public',
    allowed: 302,
    call: () => ({ url: '/api/auth/oidc/start' }),
  },
  'GET /api/auth/oidc/callback': {
    access: 'public',
    // Without the state it sent, the sign-in ends back on the login page with an error.
    allowed: 302,
    call: () => ({ url: '/api/auth/oidc/callback?code=made-up&state=made-up' }),
  },
  'POST /api/auth/oidc/session': {
    access: 'public',
    allowed: 200,
    call: async () => {
      const { handoff } = await signInWithOidc(t, provider, 'matrix-oidc', false);
      return { url: '/api/auth/oidc/session', headers: { cookie: handoff ?? '' } };
    },
  },
  'POST /api/auth/proxy': {
    access: 'public',
    allowed: 200,
    call: () => ({ url: '/api/auth/proxy', headers: { [PROXY_HEADER]: listener.user.email } }),
  },
  'GET /api/user/two-factor/': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/two-factor' }),
  },
  'POST /api/user/two-factor/setup': {
    access: 'user',
    allowed: 200,
    call: async (caller) => ({
      url: '/api/user/two-factor/setup',
      headers: await ownSessionHeaders(caller),
    }),
  },
  'POST /api/user/two-factor/confirm': {
    access: 'user',
    allowed: 200,
    call: async (caller) => {
      const headers = await ownSessionHeaders(caller);
      const setup = await t.app.inject({
        method: 'POST',
        url: '/api/user/two-factor/setup',
        headers,
      });
      const secret = setup.statusCode === 200 ? (setup.json().data.secret as string) : 'A';
      return {
        url: '/api/user/two-factor/confirm',
        headers,
        payload: { code: totpCode(secret, stepAt(Date.now())) },
      };
    },
  },
  'POST /api/user/two-factor/disable': {
    access: 'user',
    allowed: 200,
    call: async (caller) => {
      if (!caller.account) {
        return { url: '/api/user/two-factor/disable', payload: { password: 'x', code: 'y' } };
      }
      const account = await createUser(t, { role: caller.account.user.role });
      const factor = await enableSecondFactor(t, account);
      return {
        url: '/api/user/two-factor/disable',
        headers: account.headers,
        payload: { password: account.password, code: factor.recoveryCodes[0] },
      };
    },
  },
  'PUT /api/auth/initial-password': {
    access: 'user',
    allowed: 200,
    // An account of the caller's role that still has a temporary password.
    call: async (caller) => ({
      url: '/api/auth/initial-password',
      payload: { password: 'my-own-secret' },
      headers: caller.account
        ? (await createUser(t, { role: caller.account.user.role, mustChangePassword: true }))
            .headers
        : {},
    }),
  },
  'GET /api/auth/invitations/{token}': {
    access: 'public',
    allowed: 200,
    call: async () => ({ url: `/api/auth/invitations/${await invitationToken()}` }),
  },
  'POST /api/user/api-keys/': {
    access: 'user',
    allowed: 201,
    call: () => ({ url: '/api/user/api-keys', payload: { name: 'Phone' } }),
  },
  'GET /api/user/api-keys/': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/api-keys' }),
  },
  'DELETE /api/user/api-keys/{id}': {
    access: 'user',
    allowed: 200,
    // The caller's own key; a visitor is refused before the id matters.
    call: async (caller) => {
      const owner = ownerFor(caller);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/api-keys',
        headers: owner.headers,
        payload: { name: 'To revoke' },
      });
      return { url: `/api/user/api-keys/${res.json().data.id}` };
    },
  },
  // The caller's own account. Changes that end other sessions run in an account of their own.
  'PATCH /api/user/account/name': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/account/name', payload: { name: 'Renamed' } }),
  },
  'POST /api/user/account/email': {
    access: 'user',
    allowed: 200,
    call: async (caller) => {
      const { owner, headers } = await passwordOwner(caller);
      return {
        url: '/api/user/account/email',
        headers,
        payload: { email: uniqueEmail(), password: owner.password },
      };
    },
  },
  'POST /api/user/account/email/confirm': {
    access: 'public',
    // An unknown link: refused for what it is, whoever asks.
    allowed: 400,
    call: () => ({ url: '/api/user/account/email/confirm', payload: { token: UNKNOWN_TOKEN } }),
  },
  'PUT /api/user/account/password': {
    access: 'user',
    allowed: 200,
    call: async (caller) => {
      const own = caller.account ? await createUser(t, { role: caller.account.user.role }) : null;
      return {
        url: '/api/user/account/password',
        headers: own?.headers ?? {},
        payload: { currentPassword: own?.password ?? 'x', newPassword: 'a-new-secret-1' },
      };
    },
  },
  'POST /api/user/account/reauthenticate': {
    access: 'user',
    allowed: 200,
    call: async (caller) => {
      const { owner, headers } = await passwordOwner(caller);
      return {
        url: '/api/user/account/reauthenticate',
        headers,
        payload: { password: owner.password },
      };
    },
  },
  'GET /api/user/account/sessions': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/account/sessions' }),
  },
  'DELETE /api/user/account/sessions/{id}': {
    access: 'user',
    allowed: 200,
    // Another session of the caller's own: signing it out leaves the shared ones alone.
    call: async (caller) => {
      const { owner, headers } = await passwordOwner(caller);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: owner.user.email, password: owner.password },
      });
      const other = { authorization: `Bearer ${login.json().token}` };
      const listed = await t.app.inject({ url: '/api/user/account/sessions', headers: other });
      const id = (listed.json().data as { id: string; current: boolean }[]).find(
        (s) => s.current,
      )?.id;
      return { url: `/api/user/account/sessions/${id}`, headers };
    },
  },
  'POST /api/user/account/sessions/sign-out-others': {
    access: 'user',
    allowed: 200,
    call: async (caller) => ({
      url: '/api/user/account/sessions/sign-out-others',
      headers: caller.account
        ? (await createUser(t, { role: caller.account.user.role })).headers
        : {},
    }),
  },
  'GET /api/user/profile': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/profile' }),
  },

  // Probes for load balancers.
  'GET /api/health': {
    access: 'public',
    allowed: 200,
    call: () => ({ url: '/api/health' }),
  },
  'GET /api/ready': {
    access: 'public',
    allowed: 200,
    call: () => ({ url: '/api/ready' }),
  },

  // Public pages and their data.
  'GET /api/general/config': {
    access: 'public',
    allowed: 200,
    call: () => ({ url: '/api/general/config' }),
  },
  'GET /api/general/songs': {
    access: 'public',
    allowed: 200,
    call: () => ({ url: '/api/general/songs' }),
  },
  'GET /api/general/stats/quick': {
    access: 'public',
    allowed: 200,
    call: () => ({ url: '/api/general/stats/quick' }),
  },
  'POST /api/support/contact': {
    access: 'public',
    allowed: 201,
    call: () => ({
      url: '/api/support/contact',
      payload: { name: 'Ada', email: 'ada@example.com', message: 'Hello', issueType: 'other' },
    }),
  },
  'POST /api/support/feedback': {
    access: 'public',
    allowed: 201,
    call: () => ({
      url: '/api/support/feedback',
      payload: { rating: 5, usability: 'easy', recommend: 'likely' },
    }),
  },
  'POST /api/chat': {
    access: 'public',
    allowed: 200,
    call: () => ({ url: '/api/chat', payload: { question: 'How do I create a playlist?' } }),
  },

  // The listener's songs and playlists.
  'GET /api/user/songs/': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/songs' }),
  },
  'GET /api/user/songs/liked': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/songs/liked?limit=5' }),
  },
  'GET /api/user/songs/saved': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/songs/saved?limit=5' }),
  },
  'GET /api/user/songs/marks': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/songs/marks' }),
  },
  'GET /api/user/player-settings': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/player-settings' }),
  },
  'PUT /api/user/player-settings': {
    access: 'user',
    allowed: 200,
    call: () => ({
      url: '/api/user/player-settings',
      payload: {
        ...DEFAULT_PLAYER_SETTINGS,
        crossfadeSeconds: 4,
        replayGainMode: 'track',
        volume: 0.5,
      },
    }),
  },
  'GET /api/user/play-queue': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/play-queue' }),
  },
  'PUT /api/user/play-queue': {
    access: 'user',
    allowed: 200,
    call: async () => {
      const song = await songId();
      return {
        url: '/api/user/play-queue',
        payload: { songIds: [song], currentSongId: song, positionMs: 1000 },
      };
    },
  },
  'GET /api/user/bookmarks': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/bookmarks' }),
  },
  'GET /api/user/songs/{id}/bookmark': {
    access: 'user',
    allowed: 200,
    call: async () => ({ url: `/api/user/songs/${await songId()}/bookmark` }),
  },
  'PUT /api/user/songs/{id}/bookmark': {
    access: 'user',
    allowed: 200,
    call: async () => ({
      url: `/api/user/songs/${await songId()}/bookmark`,
      payload: { positionMs: 1000 },
    }),
  },
  'DELETE /api/user/songs/{id}/bookmark': {
    access: 'user',
    // Each caller removes a bookmark of their own; another's is no bookmark of theirs.
    allowed: 404,
    call: async () => ({ url: `/api/user/songs/${await songId()}/bookmark` }),
  },
  'GET /api/user/shares': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/shares' }),
  },
  'POST /api/user/shares': {
    access: 'user',
    allowed: 201,
    call: async () => ({
      url: '/api/user/shares',
      payload: { kind: 'songs', itemIds: [await songId()] },
    }),
  },
  'PATCH /api/user/shares/{id}': {
    access: 'user',
    allowed: 200,
    call: async (caller) => ({
      url: `/api/user/shares/${await someonesShare(caller.account)}`,
      payload: { description: 'Changed' },
    }),
  },
  'DELETE /api/user/shares/{id}': {
    access: 'user',
    allowed: 200,
    call: async (caller) => ({ url: `/api/user/shares/${await someonesShare(caller.account)}` }),
  },
  'GET /api/shares/{id}': {
    access: 'public',
    allowed: 200,
    call: async () => ({ url: `/api/shares/${await someonesShare()}` }),
  },
  'POST /api/shares/{id}/plays': {
    access: 'public',
    allowed: 200,
    call: async () => {
      const song = await songId();
      const share = await t.services.shares.create((await createUser(t)).user._id, {
        kind: 'songs',
        itemIds: [song],
      });
      return { url: `/api/shares/${share.id}/plays`, payload: { songId: song } };
    },
  },
  'GET /api/user/radio-stations': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/radio-stations' }),
  },
  'POST /api/admin/radio-stations': {
    access: 'admin',
    allowed: 201,
    call: () => ({
      url: '/api/admin/radio-stations',
      payload: { name: 'Matrix FM', streamUrl: 'https://radio.example.com/live' },
    }),
  },
  'PATCH /api/admin/radio-stations/{id}': {
    access: 'admin',
    allowed: 200,
    call: async () => ({
      url: `/api/admin/radio-stations/${await stationId()}`,
      payload: { name: 'Renamed FM' },
    }),
  },
  'DELETE /api/admin/radio-stations/{id}': {
    access: 'admin',
    allowed: 200,
    call: async () => ({ url: `/api/admin/radio-stations/${await stationId()}` }),
  },
  'GET /api/user/podcasts': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/podcasts' }),
  },
  'GET /api/user/podcasts/{id}': {
    access: 'user',
    allowed: 200,
    call: async () => ({ url: `/api/user/podcasts/${(await insertPodcast(t)).podcastId}` }),
  },
  'PUT /api/user/podcast-episodes/{id}/progress': {
    access: 'user',
    allowed: 200,
    call: async () => ({
      url: `/api/user/podcast-episodes/${(await insertPodcast(t)).episodeId}/progress`,
      payload: { positionSeconds: 30 },
    }),
  },
  'POST /api/admin/podcasts': {
    access: 'admin',
    // Past the check, the feed is refused on its merits: this app fetches nothing on loopback.
    allowed: 400,
    call: () => ({ url: '/api/admin/podcasts', payload: { url: 'http://127.0.0.1:9/feed.xml' } }),
  },
  'PATCH /api/admin/podcasts/{id}': {
    access: 'admin',
    allowed: 200,
    call: async () => ({
      url: `/api/admin/podcasts/${(await insertPodcast(t)).podcastId}`,
      payload: { autoDownload: 0 },
    }),
  },
  'DELETE /api/admin/podcasts/{id}': {
    access: 'admin',
    allowed: 200,
    call: async () => ({ url: `/api/admin/podcasts/${(await insertPodcast(t)).podcastId}` }),
  },
  'POST /api/admin/podcasts/refresh': {
    access: 'admin',
    allowed: 202,
    call: () => ({ url: '/api/admin/podcasts/refresh' }),
  },
  'POST /api/admin/podcast-episodes/{id}/download': {
    access: 'admin',
    allowed: 202,
    call: async () => ({
      url: `/api/admin/podcast-episodes/${(await insertPodcast(t)).episodeId}/download`,
    }),
  },
  'DELETE /api/admin/podcast-episodes/{id}/file': {
    access: 'admin',
    allowed: 200,
    call: async () => ({
      url: `/api/admin/podcast-episodes/${(await insertPodcast(t)).episodeId}/file`,
    }),
  },
  // Scrobbling: no call here reaches ListenBrainz or Last.fm (Last.fm is not set up).
  'GET /api/user/scrobbling/': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/scrobbling' }),
  },
  'PUT /api/user/scrobbling/listenbrainz': {
    access: 'user',
    allowed: 400,
    call: () => ({ url: '/api/user/scrobbling/listenbrainz', payload: { token: ' ' } }),
  },
  'DELETE /api/user/scrobbling/listenbrainz': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/scrobbling/listenbrainz' }),
  },
  'POST /api/user/scrobbling/lastfm/authorization': {
    access: 'user',
    allowed: 409,
    call: () => ({ url: '/api/user/scrobbling/lastfm/authorization' }),
  },
  'POST /api/user/scrobbling/lastfm/session': {
    access: 'user',
    allowed: 409,
    call: () => ({ url: '/api/user/scrobbling/lastfm/session' }),
  },
  'DELETE /api/user/scrobbling/lastfm': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/scrobbling/lastfm' }),
  },
  'POST /api/user/scrobbling/listens': {
    access: 'user',
    allowed: 200,
    call: async () => ({
      url: '/api/user/scrobbling/listens',
      payload: { songId: await songId(), startedAt: new Date().toISOString(), listenedSeconds: 5 },
    }),
  },
  // The listening history and histories brought from other services.
  'GET /api/user/history/': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/history?limit=5&q=song' }),
  },
  'DELETE /api/user/history/{id}': {
    access: 'user',
    allowed: 200,
    call: async (caller) => ({ url: `/api/user/history/${await playOf(ownerFor(caller))}` }),
  },
  'GET /api/user/history/imports': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/history/imports' }),
  },
  'POST /api/user/history/imports': {
    access: 'user',
    allowed: 202,
    call: () => ({
      url: '/api/user/history/imports?source=lastfm',
      ...form({
        file: {
          filename: 'scrobbles.csv',
          contentType: 'text/csv',
          content: Buffer.from('Matrix Artist,Matrix Album,Matrix Track,31 Jan 2021 12:34\n'),
        },
      }),
    }),
  },
  'GET /api/user/history/imports/{id}': {
    access: 'user',
    allowed: 200,
    call: async (caller) => ({
      url: `/api/user/history/imports/${await historyImportOf(ownerFor(caller))}`,
    }),
  },
  'POST /api/user/history/imports/{id}/resume': {
    access: 'user',
    allowed: 200,
    call: async (caller) => ({
      url: `/api/user/history/imports/${await historyImportOf(ownerFor(caller))}/resume`,
    }),
  },
  'GET /api/user/history/unmatched': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/history/unmatched?limit=5' }),
  },
  'POST /api/user/history/unmatched/{id}/match': {
    access: 'user',
    allowed: 200,
    call: async (caller) => ({
      url: `/api/user/history/unmatched/${await unmatchedListenOf(ownerFor(caller))}/match`,
      payload: { songId: await songId() },
    }),
  },
  'DELETE /api/user/history/unmatched/{id}': {
    access: 'user',
    allowed: 200,
    call: async (caller) => ({
      url: `/api/user/history/unmatched/${await unmatchedListenOf(ownerFor(caller))}`,
    }),
  },
  'POST /api/user/radio': {
    access: 'user',
    allowed: 200,
    call: async () => ({
      method: 'POST',
      url: '/api/user/radio',
      payload: { seed: { kind: 'song', id: await songId() }, count: 2 },
    }),
  },
  'GET /api/user/mixes': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/mixes' }),
  },
  'GET /api/user/stats': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/stats?period=year' }),
  },
  'GET /api/user/stats/queue': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/stats/queue?list=songs' }),
  },
  'GET /api/user/stats/years': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/stats/years' }),
  },
  'GET /api/user/stats/years/{year}': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/stats/years/2025' }),
  },
  'GET /api/user/on-this-day': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/on-this-day' }),
  },
  'GET /api/user/time-zone': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/time-zone' }),
  },
  'PUT /api/user/time-zone': {
    access: 'user',
    allowed: 200,
    call: () => ({
      method: 'PUT',
      url: '/api/user/time-zone',
      payload: { timeZone: 'Europe/Paris' },
    }),
  },
  'GET /api/user/genres': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/genres' }),
  },
  'GET /api/user/genres/{id}': {
    access: 'user',
    allowed: 200,
    call: async () => ({ url: `/api/user/genres/${await genreId()}` }),
  },
  'GET /api/user/genres/{id}/albums': {
    access: 'user',
    allowed: 200,
    call: async () => ({ url: `/api/user/genres/${await genreId()}/albums` }),
  },
  'GET /api/user/genres/{id}/songs': {
    access: 'user',
    allowed: 200,
    call: async () => ({ url: `/api/user/genres/${await genreId()}/songs` }),
  },
  'GET /api/user/home': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/home' }),
  },
  'GET /api/user/songs/recently-played': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/songs/recently-played' }),
  },
  'GET /api/user/songs/search': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/songs/search?query=song' }),
  },
  'GET /api/user/albums': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/albums?sort=title' }),
  },
  'GET /api/user/albums/{id}': {
    access: 'user',
    allowed: 200,
    call: async () => ({ url: `/api/user/albums/${await catalogueId('album')}` }),
  },
  'GET /api/user/artists': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/artists' }),
  },
  'GET /api/user/artists/{id}': {
    access: 'user',
    allowed: 200,
    call: async () => ({ url: `/api/user/artists/${await catalogueId('artist')}` }),
  },
  'GET /api/user/albums/liked': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/albums/liked?limit=5' }),
  },
  'GET /api/user/albums/marks': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/albums/marks' }),
  },
  'PUT /api/user/albums/{id}/like': {
    access: 'user',
    allowed: 200,
    call: async () => ({ url: `/api/user/albums/${await catalogueId('album')}/like` }),
  },
  'GET /api/user/artists/liked': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/artists/liked?limit=5' }),
  },
  'GET /api/user/artists/marks': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/artists/marks' }),
  },
  'PUT /api/user/artists/{id}/like': {
    access: 'user',
    allowed: 200,
    call: async () => ({ url: `/api/user/artists/${await catalogueId('artist')}/like` }),
  },
  'GET /api/user/search/all': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/search/all?query=song' }),
  },
  'POST /api/user/songs/{id}/play': {
    access: 'user',
    allowed: 200,
    call: async () => ({ url: `/api/user/songs/${await songId()}/play` }),
  },
  'PUT /api/user/songs/{id}/like': {
    access: 'user',
    allowed: 200,
    call: async () => ({ url: `/api/user/songs/${await songId()}/like` }),
  },
  'PUT /api/user/songs/{id}/save': {
    access: 'user',
    allowed: 200,
    call: async () => ({ url: `/api/user/songs/${await songId()}/save` }),
  },
  'GET /api/user/songs/{id}/download': {
    access: 'user',
    allowed: 200,
    call: async () => ({ url: `/api/user/songs/${await songId()}/download` }),
  },
  'GET /api/user/songs/{id}/lyrics': {
    access: 'user',
    allowed: 200,
    call: async () => ({ url: `/api/user/songs/${await songId()}/lyrics` }),
  },
  'GET /api/user/playlists/': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/playlists' }),
  },
  'POST /api/user/playlists/': {
    access: 'user',
    allowed: 201,
    call: () => ({ url: '/api/user/playlists', payload: { name: 'Mine' } }),
  },
  'GET /api/user/playlists/{id}': {
    access: 'user',
    allowed: 200,
    call: async (caller) => ({
      url: `/api/user/playlists/${await createPlaylist(t, ownerFor(caller))}`,
    }),
  },
  'DELETE /api/user/playlists/{id}': {
    access: 'user',
    allowed: 200,
    call: async (caller) => ({
      url: `/api/user/playlists/${await createPlaylist(t, ownerFor(caller))}`,
    }),
  },
  'PUT /api/user/playlists/{playlistId}/songs/{songId}': {
    access: 'user',
    allowed: 200,
    call: async (caller) => ({
      url: `/api/user/playlists/${await createPlaylist(t, ownerFor(caller))}/songs/${await songId()}`,
    }),
  },
  'DELETE /api/user/playlists/{playlistId}/songs/{songId}': {
    access: 'user',
    allowed: 200,
    call: async (caller) => {
      const song = await songId();
      const playlist = await createPlaylist(t, ownerFor(caller), { songIds: [song] });
      return { url: `/api/user/playlists/${playlist}/songs/${song}` };
    },
  },
  'PATCH /api/user/playlists/{id}': {
    access: 'user',
    allowed: 200,
    call: async (caller) => ({
      url: `/api/user/playlists/${await createPlaylist(t, ownerFor(caller))}`,
      payload: { name: 'Renamed' },
    }),
  },
  'GET /api/user/playlists/{id}/songs': {
    access: 'user',
    allowed: 200,
    call: async (caller) => ({
      url: `/api/user/playlists/${await createPlaylist(t, ownerFor(caller))}/songs`,
    }),
  },
  'PUT /api/user/playlists/{playlistId}/songs/{songId}/position': {
    access: 'user',
    allowed: 200,
    call: async (caller) => {
      const song = await songId();
      const playlist = await createPlaylist(t, ownerFor(caller), { songIds: [song] });
      return {
        url: `/api/user/playlists/${playlist}/songs/${song}/position`,
        payload: { position: 0 },
      };
    },
  },
  'GET /api/user/smart-playlists/catalogue': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/smart-playlists/catalogue' }),
  },
  'POST /api/user/smart-playlists/preview': {
    access: 'user',
    allowed: 200,
    call: () => ({ url: '/api/user/smart-playlists/preview', payload: { rules: SMART_RULES } }),
  },
  'POST /api/user/smart-playlists/': {
    access: 'user',
    allowed: 201,
    call: () => ({
      url: '/api/user/smart-playlists',
      payload: { name: 'Ruled', rules: SMART_RULES },
    }),
  },
  'GET /api/user/smart-playlists/{id}': {
    access: 'user',
    allowed: 200,
    call: async (caller) => ({
      url: `/api/user/smart-playlists/${await smartPlaylistOf(ownerFor(caller))}`,
    }),
  },
  'PATCH /api/user/smart-playlists/{id}': {
    access: 'user',
    allowed: 200,
    call: async (caller) => ({
      url: `/api/user/smart-playlists/${await smartPlaylistOf(ownerFor(caller))}`,
      payload: { limit: 10 },
    }),
  },
  'DELETE /api/user/smart-playlists/{id}': {
    access: 'user',
    allowed: 200,
    call: async (caller) => ({
      url: `/api/user/smart-playlists/${await smartPlaylistOf(ownerFor(caller))}`,
    }),
  },
  'GET /api/user/smart-playlists/{id}/nsp': {
    access: 'user',
    allowed: 200,
    call: async (caller) => ({
      url: `/api/user/smart-playlists/${await smartPlaylistOf(ownerFor(caller))}/nsp`,
    }),
  },
  'POST /api/user/smart-playlists/nsp': {
    access: 'user',
    allowed: 201,
    call: () => ({
      url: '/api/user/smart-playlists/nsp',
      payload: { name: 'Loved', all: [{ is: { loved: true } }] },
    }),
  },

  // The admin area.
  'POST /api/general/seed/users': {
    access: 'admin',
    allowed: 201,
    call: () => ({ url: '/api/general/seed/users', payload: { count: 1 } }),
  },
  'GET /api/admin/messages': {
    access: 'admin',
    allowed: 200,
    call: () => ({ url: '/api/admin/messages' }),
  },
  'GET /api/admin/feedback': {
    access: 'admin',
    allowed: 200,
    call: () => ({ url: '/api/admin/feedback' }),
  },
  'GET /api/admin/stats': {
    access: 'admin',
    allowed: 200,
    call: () => ({ url: '/api/admin/stats' }),
  },
  // Without MUSIC_DIR an administrator's start is refused with 409 library_not_configured.
  'POST /api/admin/library/scan': {
    access: 'admin',
    allowed: 409,
    call: () => ({ url: '/api/admin/library/scan' }),
  },
  'GET /api/admin/library/scan': {
    access: 'admin',
    allowed: 200,
    call: () => ({ url: '/api/admin/library/scan' }),
  },
  'GET /api/admin/users': {
    access: 'admin',
    allowed: 200,
    call: () => ({ url: '/api/admin/users' }),
  },
  'DELETE /api/admin/users/{id}': {
    access: 'admin',
    allowed: 200,
    call: async () => ({ url: `/api/admin/users/${(await createUser(t)).user._id}` }),
  },
  'POST /api/admin/users': {
    access: 'admin',
    allowed: 201,
    call: () => ({
      url: '/api/admin/users',
      payload: { name: 'Made', email: uniqueEmail(), password: 'temporary-1' },
    }),
  },
  'PUT /api/admin/users/{id}/role': {
    access: 'admin',
    allowed: 200,
    call: async () => ({
      url: `/api/admin/users/${(await createUser(t)).user._id}/role`,
      payload: { role: 'admin' },
    }),
  },
  'PUT /api/admin/users/{id}/status': {
    access: 'admin',
    allowed: 200,
    call: async () => ({
      url: `/api/admin/users/${(await createUser(t)).user._id}/status`,
      payload: { disabled: true },
    }),
  },
  'PUT /api/admin/users/{id}/streaming-limit': {
    access: 'admin',
    allowed: 200,
    call: async () => ({
      url: `/api/admin/users/${(await createUser(t)).user._id}/streaming-limit`,
      payload: { streamingQualityLimit: 'normal' },
    }),
  },
  'POST /api/admin/users/{id}/password-reset': {
    access: 'admin',
    allowed: 200,
    call: async () => ({
      url: `/api/admin/users/${(await createUser(t)).user._id}/password-reset`,
    }),
  },
  'GET /api/admin/invitations': {
    access: 'admin',
    allowed: 200,
    call: () => ({ url: '/api/admin/invitations' }),
  },
  'POST /api/admin/invitations': {
    access: 'admin',
    allowed: 201,
    call: () => ({ url: '/api/admin/invitations', payload: { email: uniqueEmail() } }),
  },
  'DELETE /api/admin/invitations/{id}': {
    access: 'admin',
    allowed: 200,
    call: async () => ({ url: `/api/admin/invitations/${(await createInvitation()).id}` }),
  },
  'GET /api/admin/settings': {
    access: 'admin',
    allowed: 200,
    call: () => ({ url: '/api/admin/settings' }),
  },
  'PATCH /api/admin/settings': {
    access: 'admin',
    allowed: 200,
    // Open, as it was: the other calls of the matrix sign up freely.
    call: () => ({ url: '/api/admin/settings', payload: { registration: 'open' } }),
  },
  'GET /api/admin/settings/lastfm/': {
    access: 'admin',
    allowed: 200,
    call: () => ({ url: '/api/admin/settings/lastfm' }),
  },
  'PUT /api/admin/settings/lastfm/': {
    access: 'admin',
    allowed: 200,
    // Left unset: the listener's Last.fm calls above stay off the network.
    call: () => ({ url: '/api/admin/settings/lastfm', payload: { apiKey: '' } }),
  },
  'GET /api/admin/songs/': {
    access: 'admin',
    allowed: 200,
    call: () => ({ url: '/api/admin/songs' }),
  },
  'POST /api/admin/songs/': {
    access: 'admin',
    allowed: 201,
    call: () => ({
      url: '/api/admin/songs',
      ...form({
        title: 'Tone',
        artist: 'Generator',
        audioFile: { filename: 'tone.wav', contentType: 'audio/wav', content: wavBytes() },
      }),
    }),
  },
  'POST /api/admin/songs/inspect': {
    access: 'admin',
    allowed: 200,
    call: () => ({
      url: '/api/admin/songs/inspect',
      ...form({
        audioFile: { filename: 'tone.wav', contentType: 'audio/wav', content: wavBytes() },
      }),
    }),
  },
  'POST /api/admin/library/uploads': {
    access: 'admin',
    allowed: 201,
    call: () => ({
      url: '/api/admin/library/uploads',
      ...form({ file: { filename: 'tone.wav', contentType: 'audio/wav', content: wavBytes() } }),
    }),
  },
  'PUT /api/admin/songs/{id}': {
    access: 'admin',
    allowed: 200,
    call: async () => ({
      url: `/api/admin/songs/${await songId()}`,
      ...form({ title: 'Renamed' }),
    }),
  },
  'PUT /api/admin/songs/{id}/lyrics': {
    access: 'admin',
    allowed: 200,
    call: async () => ({
      url: `/api/admin/songs/${await songId()}/lyrics`,
      payload: { text: '[00:01.00]A line' },
    }),
  },
  'DELETE /api/admin/songs/{id}/lyrics': {
    access: 'admin',
    allowed: 200,
    call: async () => {
      const id = await songId();
      await t.services.lyrics.set(id, { text: 'Words' });
      return { url: `/api/admin/songs/${id}/lyrics` };
    },
  },
  'DELETE /api/admin/songs/demo': {
    access: 'admin',
    allowed: 200,
    call: () => ({ url: '/api/admin/songs/demo' }),
  },
  'DELETE /api/admin/songs/{id}': {
    access: 'admin',
    allowed: 200,
    call: async () => ({ url: `/api/admin/songs/${await songId()}` }),
  },
  'PUT /api/admin/albums/{id}': {
    access: 'admin',
    allowed: 200,
    call: async () => ({
      url: `/api/admin/albums/${await catalogueId('album')}`,
      ...form({ title: 'Retitled' }),
    }),
  },
  'GET /api/admin/playlists/': {
    access: 'admin',
    allowed: 200,
    call: () => ({ url: '/api/admin/playlists' }),
  },
  'POST /api/admin/playlists/': {
    access: 'admin',
    allowed: 201,
    call: () => ({ url: '/api/admin/playlists', ...form({ name: 'Curated' }) }),
  },
  'GET /api/admin/playlists/{id}': {
    access: 'admin',
    allowed: 200,
    call: async () => ({ url: `/api/admin/playlists/${await createPlaylist(t, admin)}` }),
  },
  'PUT /api/admin/playlists/{id}': {
    access: 'admin',
    allowed: 200,
    call: async () => ({
      url: `/api/admin/playlists/${await createPlaylist(t, admin)}`,
      ...form({ name: 'Renamed' }),
    }),
  },
  'DELETE /api/admin/playlists/{id}': {
    access: 'admin',
    allowed: 200,
    call: async () => ({ url: `/api/admin/playlists/${await createPlaylist(t, admin)}` }),
  },
  'PUT /api/admin/playlists/{playlistId}/songs/{songId}': {
    access: 'admin',
    allowed: 200,
    call: async () => ({
      url: `/api/admin/playlists/${await createPlaylist(t, admin)}/songs/${await songId()}`,
    }),
  },
  'DELETE /api/admin/playlists/{playlistId}/songs/{songId}': {
    access: 'admin',
    allowed: 200,
    call: async () => {
      const song = await songId();
      const playlist = await createPlaylist(t, admin, { songIds: [song] });
      return { url: `/api/admin/playlists/${playlist}/songs/${song}` };
    },
  },
  'GET /api/admin/playlists/{id}/songs': {
    access: 'admin',
    allowed: 200,
    call: async () => ({ url: `/api/admin/playlists/${await createPlaylist(t, admin)}/songs` }),
  },
  'PUT /api/admin/playlists/{playlistId}/songs/{songId}/position': {
    access: 'admin',
    allowed: 200,
    call: async () => {
      const song = await songId();
      const playlist = await createPlaylist(t, admin, { songIds: [song] });
      return {
        url: `/api/admin/playlists/${playlist}/songs/${song}/position`,
        payload: { position: 0 },
      };
    },
  },

  // Media: audio by signed URL, images and defaults by their plain URL.
  'GET /media/audio/{*}': {
    access: 'public',
    allowed: 200,
    call: async () => ({ url: (await createSong(t)).song.audioFile }),
  },
  'HEAD /media/audio/{*}': {
    access: 'public',
    allowed: 200,
    call: async () => ({ url: (await createSong(t)).song.audioFile }),
  },
  'GET /media/images/{*}': {
    access: 'public',
    allowed: 200,
    call: async () => ({ url: await storedImageUrl() }),
  },
  'HEAD /media/images/{*}': {
    access: 'public',
    allowed: 200,
    call: async () => ({ url: await storedImageUrl() }),
  },
  'GET /media/radio/{id}': {
    access: 'public',
    // A signed link opens the relay for whoever holds it; past the signature, this app (which
    // calls no private address) refuses the loopback station on its merits.
    allowed: 502,
    call: async () => {
      const station = await t.services.stations.create({
        name: 'Loopback FM',
        streamUrl: 'http://127.0.0.1:9/live',
      });
      return { url: t.container.mediaUrls.audio(relayKeyOf(station.id)) };
    },
  },
  'GET /media/defaults/{name}': {
    access: 'public',
    allowed: 200,
    call: () => ({ url: '/media/defaults/song.jpg' }),
  },
  'HEAD /media/defaults/{name}': {
    access: 'public',
    allowed: 200,
    call: () => ({ url: '/media/defaults/song.jpg' }),
  },
};

/** An invitation made through the admin API: its id and the token of its link. */
async function createInvitation(
  payload: Record<string, unknown> = {},
): Promise<{ id: string; token: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/invitations',
    headers: admin.headers,
    payload,
  });
  expect(res.statusCode).toBe(201);
  const { _id, link } = res.json().data as { _id: string; link: string };
  return { id: _id, token: new URL(link).searchParams.get('invite') ?? '' };
}

async function invitationToken(): Promise<string> {
  return (await createInvitation()).token;
}

async function storedImageUrl(): Promise<string> {
  const blob = await storeCover(t, pngBytes('matrix'));
  return `/media/${blob.key}`;
}

const EXPECTED: Record<Access, (allowed: number) => Record<Role, number>> = {
  public: (allowed) => ({ visitor: allowed, user: allowed, admin: allowed }),
  user: (allowed) => ({ visitor: 401, user: allowed, admin: allowed }),
  admin: (allowed) => ({ visitor: 401, user: 403, admin: allowed }),
};

/** Listeners who signed in another way are listeners like any other. */
function expectedOutcome(access: Access, allowed: number): Record<string, number> {
  const expected = EXPECTED[access](allowed);
  return {
    ...expected,
    'user (second factor)': expected.user,
    'user (OpenID Connect)': expected.user,
  };
}

async function documentedRoutes(): Promise<string[]> {
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const paths = res.json().paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths).flatMap(([route, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${route}`),
  );
}

describe('authorization matrix', () => {
  it('has an entry for every route of the OpenAPI document, and none for a missing route', async () => {
    const routes = await documentedRoutes();
    expect(routes.filter((route) => !(route in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it.each(Object.entries(MATRIX))('%s', async (route, entry) => {
    const method = route.split(' ')[0] as NonNullable<InjectOptions['method']>;
    const expected = expectedOutcome(entry.access, entry.allowed);
    const callers: Caller[] = [
      { role: 'visitor', account: null },
      { role: 'user', account: listener },
      { role: 'admin', account: admin },
      { role: 'user', signedIn: 'second factor', account: secondFactorListener },
      { role: 'user', signedIn: 'OpenID Connect', account: oidcListener },
    ];
    const outcome: Record<string, number> = {};
    for (const caller of callers) {
      const call = await entry.call(caller);
      const res = await t.app.inject({
        ...call,
        method,
        headers: { ...caller.account?.headers, ...call.headers },
      });
      const name = caller.signedIn ? `${caller.role} (${caller.signedIn})` : caller.role;
      outcome[name] = res.statusCode;
    }
    expect(outcome).toEqual(expected);
  });
});

/** Sends a call built for `listener` with another account's session instead. */
async function injectAs(
  route: string,
  entry: Entry,
  authorization: string,
): Promise<{ statusCode: number; code: string | undefined }> {
  const method = route.split(' ')[0] as NonNullable<InjectOptions['method']>;
  const call = await entry.call({ role: 'user', account: listener });
  const res = await t.app.inject({
    ...call,
    method,
    headers: { ...call.headers, authorization },
  });
  const body = String(res.headers['content-type'] ?? '').includes('json') ? res.json() : {};
  return { statusCode: res.statusCode, code: (body as { code?: string }).code };
}

async function disableAccount(account: CreatedUser): Promise<void> {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/users/${account.user._id}/status`,
    headers: admin.headers,
    payload: { disabled: true },
  });
  expect(res.statusCode).toBe(200);
}

async function setRegistration(registration: 'open' | 'invite' | 'closed'): Promise<void> {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/admin/settings',
    headers: admin.headers,
    payload: { registration },
  });
  expect(res.statusCode).toBe(200);
}

const guarded = () => Object.entries(MATRIX).filter(([, entry]) => entry.access !== 'public');

describe('authorization matrix of a disabled account', () => {
  let disabled: CreatedUser;
  beforeAll(async () => {
    disabled = await createAdmin(t);
    await disableAccount(disabled);
  });

  it.each(guarded())('%s refuses it (401)', async (route, entry) => {
    const res = await injectAs(route, entry, disabled.headers.authorization);
    expect(res.statusCode).toBe(401);
  });

  it('cannot log in again, even with the right password (403 account_disabled)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: disabled.user.email, password: disabled.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('account_disabled');
  });
});

describe('authorization matrix of an account with a temporary password', () => {
  let temporary: CreatedUser;
  beforeAll(async () => {
    temporary = await createAdmin(t, { mustChangePassword: true });
  });
  // Logging out and choosing the password are what such a session is for.
  const mayCall = new Set(['POST /api/auth/logout', 'PUT /api/auth/initial-password']);

  it.each(guarded().filter(([route]) => !mayCall.has(route)))(
    '%s refuses it (403 password_change_required)',
    async (route, entry) => {
      const res = await injectAs(route, entry, temporary.headers.authorization);
      expect(res).toEqual({ statusCode: 403, code: 'password_change_required' });
    },
  );
});

describe('authorization matrix of sign-up by invitation only, and closed', () => {
  afterAll(() => setRegistration('open'));

  it.each([
    ['invite', 'invitation_required'],
    ['closed', 'registration_closed'],
  ] as const)('%s: refuses a sign-up without an invitation (403 %s)', async (mode, code) => {
    await setRegistration(mode);
    for (const caller of [null, listener, admin]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: caller?.headers ?? {},
        payload: { name: 'Uninvited', email: uniqueEmail(), password: 'secret-123' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(code);
    }
  });

  it.each(['invite', 'closed'] as const)(
    '%s: admits the holder of an invitation once, with its role',
    async (mode) => {
      await setRegistration(mode);
      const email = uniqueEmail();
      const { token } = await createInvitation({ email, role: 'admin' });
      const signUp = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { name: 'Invited', email, password: 'secret-123', invitation: token },
        });
      const first = await signUp();
      expect(first.statusCode).toBe(201);
      expect(first.json().user.role).toBe('admin');
      const again = await signUp();
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('invalid_invitation');
    },
  );

  it('the admin-only account operations stay admin-only whatever the mode', async () => {
    await setRegistration('closed');
    const target = await createUser(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${target.user._id}/status`,
      headers: listener.headers,
      payload: { disabled: true },
    });
    expect(res.statusCode).toBe(403);
  });
});

/**
 * The Subsonic API under /rest, which the OpenAPI document does not list. It answers HTTP 200
 * whatever happens; `subsonic-response` says `ok` or the Subsonic error code that refused the
 * call. Visitors send no credentials, listeners and administrators an API key of their own.
 * `secret` is something of another listener's that a refused answer, or any answer of an
 * `ownOnly` endpoint, must never hold.
 */

type SubsonicOutcome = 'ok' | number;

interface RestCall {
  readonly params: RestParams;
  readonly secret: string;
}

interface SubsonicEntry {
  readonly endpoint: string;
  readonly expected: Record<Role, SubsonicOutcome>;
  readonly ownOnly?: true;
  readonly call: () => Promise<RestCall>;
}

/** No `u`, `apiKey` or anything else: the required parameter is missing. */
const NO_CREDENTIALS = 10;
const NOT_AUTHORIZED = 50;
const NOT_FOUND = 70;
/** Code 0 with a message: past the authorisation check, refused for what is asked. */
const REFUSED_ON_ITS_MERITS = 0;

/** Callers of /rest: each role, and listeners who sign in to the web another way. */
type RestCaller = Role | 'user (second factor)' | 'user (OpenID Connect)';
const REST_CALLERS: readonly RestCaller[] = [
  'visitor',
  'user',
  'admin',
  'user (second factor)',
  'user (OpenID Connect)',
];
const keys = new Map<RestCaller, RestParams>();

/** A listener other than the callers, with a key to act through /rest. */
async function someoneElse(): Promise<{ account: CreatedUser; auth: RestParams }> {
  const account = await createUser(t);
  return { account, auth: { apiKey: await createApiKey(t, account) } };
}

async function othersPrivatePlaylist(): Promise<{ id: string; name: string }> {
  const name = `Private ${uniqueEmail()}`;
  const id = await createPlaylist(t, (await someoneElse()).account, {
    name,
    isPublic: false,
    songIds: [await songId()],
  });
  return { id: `pl-${id}`, name };
}

async function restAs(auth: RestParams, endpoint: string, params: RestParams): Promise<void> {
  const answer = (await rest(t, endpoint, { ...auth, ...params, f: 'json' })).json()[
    'subsonic-response'
  ] as SubsonicJson;
  expect(answer.status, `${endpoint}: ${JSON.stringify(answer)}`).toBe('ok');
}

const SUBSONIC_MATRIX: Record<string, SubsonicEntry> = {
  "getPlaylist of another listener's private playlist": {
    endpoint: 'getPlaylist',
    expected: { visitor: NO_CREDENTIALS, user: NOT_FOUND, admin: NOT_FOUND },
    call: async () => {
      const { id, name } = await othersPrivatePlaylist();
      return { params: { id }, secret: name };
    },
  },
  "updatePlaylist of another listener's private playlist": {
    endpoint: 'updatePlaylist',
    expected: { visitor: NO_CREDENTIALS, user: NOT_FOUND, admin: NOT_FOUND },
    call: async () => {
      const { id, name } = await othersPrivatePlaylist();
      return { params: { playlistId: id, name: 'Taken over' }, secret: name };
    },
  },
  "deletePlaylist of another listener's private playlist": {
    endpoint: 'deletePlaylist',
    expected: { visitor: NO_CREDENTIALS, user: NOT_FOUND, admin: NOT_FOUND },
    call: async () => {
      const { id, name } = await othersPrivatePlaylist();
      return { params: { id }, secret: name };
    },
  },
  getScanStatus: {
    endpoint: 'getScanStatus',
    expected: { visitor: NO_CREDENTIALS, user: NOT_AUTHORIZED, admin: 'ok' },
    call: async () => ({ params: {}, secret: 'scanStatus' }),
  },
  startScan: {
    endpoint: 'startScan',
    // The test app has no MUSIC_DIR: an administrator is told there is nothing to scan.
    expected: { visitor: NO_CREDENTIALS, user: NOT_AUTHORIZED, admin: REFUSED_ON_ITS_MERITS },
    call: async () => ({ params: {}, secret: 'scanStatus' }),
  },
  "getUser of another listener's account": {
    endpoint: 'getUser',
    expected: { visitor: NO_CREDENTIALS, user: NOT_AUTHORIZED, admin: 'ok' },
    call: async () => {
      const { email } = (await someoneElse()).account.user;
      return { params: { username: email }, secret: email };
    },
  },
  'createUser makes an account': {
    endpoint: 'createUser',
    expected: { visitor: NO_CREDENTIALS, user: NOT_AUTHORIZED, admin: 'ok' },
    call: async () => {
      const email = uniqueEmail();
      return {
        params: { username: 'Made by an app', email, password: 'matrix-pass-123' },
        secret: email,
      };
    },
  },
  'deleteUser removes an account': {
    endpoint: 'deleteUser',
    expected: { visitor: NO_CREDENTIALS, user: NOT_AUTHORIZED, admin: 'ok' },
    call: async () => {
      const { email } = (await someoneElse()).account.user;
      return { params: { username: email }, secret: email };
    },
  },
  'createInternetRadioStation adds a station': {
    endpoint: 'createInternetRadioStation',
    expected: { visitor: NO_CREDENTIALS, user: NOT_AUTHORIZED, admin: 'ok' },
    call: async () => ({
      params: { name: 'Rest FM', streamUrl: 'https://radio.example.com/rest' },
      secret: 'radio.example.com/rest',
    }),
  },
  'createPodcastChannel is for administrators': {
    endpoint: 'createPodcastChannel',
    // Past the check, the feed is refused on its merits: this app fetches nothing on loopback.
    expected: { visitor: NO_CREDENTIALS, user: NOT_AUTHORIZED, admin: REFUSED_ON_ITS_MERITS },
    call: async () => ({ params: { url: 'http://127.0.0.1:9/feed.xml' }, secret: 'feed.xml' }),
  },
  'deletePodcastEpisode is for administrators': {
    endpoint: 'deletePodcastEpisode',
    expected: { visitor: NO_CREDENTIALS, user: NOT_AUTHORIZED, admin: 'ok' },
    call: async () => {
      const { episodeId } = await insertPodcast(t);
      return { params: { id: `pe-${episodeId}` }, secret: episodeId };
    },
  },
  'getUsers lists every account': {
    endpoint: 'getUsers',
    expected: { visitor: NO_CREDENTIALS, user: NOT_AUTHORIZED, admin: 'ok' },
    call: async () => {
      const { email } = (await someoneElse()).account.user;
      return { params: {}, secret: email };
    },
  },
  "getPlayQueueByIndex answers the caller's own queue only": {
    endpoint: 'getPlayQueueByIndex',
    expected: { visitor: NO_CREDENTIALS, user: 'ok', admin: 'ok' },
    ownOnly: true,
    call: async () => {
      const queued = `tr-${await songId()}`;
      await restAs((await someoneElse()).auth, 'savePlayQueueByIndex', {
        id: [queued, queued],
        currentIndex: 1,
      });
      return { params: {}, secret: queued };
    },
  },
  "getBookmarks answers the caller's own bookmarks only": {
    endpoint: 'getBookmarks',
    expected: { visitor: NO_CREDENTIALS, user: 'ok', admin: 'ok' },
    ownOnly: true,
    call: async () => {
      const kept = `tr-${await songId()}`;
      await restAs((await someoneElse()).auth, 'createBookmark', { id: kept, position: 1000 });
      return { params: {}, secret: kept };
    },
  },
  "getShares answers the caller's own shares only": {
    endpoint: 'getShares',
    expected: { visitor: NO_CREDENTIALS, user: 'ok', admin: 'ok' },
    ownOnly: true,
    call: async () => ({ params: {}, secret: await someonesShare() }),
  },
  "getPlayQueue answers the caller's own queue only": {
    endpoint: 'getPlayQueue',
    expected: { visitor: NO_CREDENTIALS, user: 'ok', admin: 'ok' },
    ownOnly: true,
    call: async () => {
      const queued = `tr-${await songId()}`;
      await restAs((await someoneElse()).auth, 'savePlayQueue', { id: queued, current: queued });
      return { params: {}, secret: queued };
    },
  },
  "getStarred2 answers the caller's own stars only": {
    endpoint: 'getStarred2',
    expected: { visitor: NO_CREDENTIALS, user: 'ok', admin: 'ok' },
    ownOnly: true,
    call: async () => {
      const starred = `tr-${await songId()}`;
      await restAs((await someoneElse()).auth, 'star', { id: starred });
      return { params: {}, secret: starred };
    },
  },
};

describe('authorization matrix of /rest', () => {
  beforeAll(async () => {
    keys.set('visitor', {});
    keys.set('user', { apiKey: await createApiKey(t, listener) });
    keys.set('admin', { apiKey: await createApiKey(t, admin) });
    // App keys keep working for accounts that sign in to the web with more than a password.
    keys.set('user (second factor)', { apiKey: await createApiKey(t, secondFactorListener) });
    keys.set('user (OpenID Connect)', { apiKey: await createApiKey(t, oidcListener) });
    // A queue and a star of their own, so that those answers have something to leak beside.
    for (const role of [
      'user',
      'admin',
      'user (second factor)',
      'user (OpenID Connect)',
    ] as const) {
      const own = `tr-${await songId()}`;
      await restAs(keys.get(role)!, 'savePlayQueue', { id: own, current: own });
      await restAs(keys.get(role)!, 'star', { id: own });
    }
  });

  it.each(Object.entries(SUBSONIC_MATRIX))('%s', async (_name, entry) => {
    const outcome: Record<string, SubsonicOutcome> = {};
    for (const role of REST_CALLERS) {
      const { params, secret } = await entry.call();
      const res = await rest(t, entry.endpoint, { ...keys.get(role), ...params, f: 'json' });
      expect(res.statusCode, `${role}: HTTP status`).toBe(200);
      const answer = res.json()['subsonic-response'] as SubsonicJson;
      if (answer.status === 'ok') {
        checkOpenSubsonicAnswer(entry.endpoint, answer);
        outcome[role] = 'ok';
      } else {
        checkOpenSubsonicError(answer);
        outcome[role] = (answer.error as { code: number }).code;
      }
      if (entry.ownOnly || answer.status !== 'ok') {
        expect(res.body, `${role} sees another listener's data`).not.toContain(secret);
      }
    }
    expect(outcome).toEqual({
      ...entry.expected,
      'user (second factor)': entry.expected.user,
      'user (OpenID Connect)': entry.expected.user,
    });
  });
});

describe('authorization matrix of /rest for a disabled account', () => {
  it.each([...Object.values(SUBSONIC_MATRIX).map((entry) => entry.endpoint), 'ping'])(
    '%s refuses its keys (code 50)',
    async (endpoint) => {
      const account = await createUser(t);
      const key = await createApiKey(t, account);
      await disableAccount(account);
      for (const auth of [{ apiKey: key }, tokenAuth(account.user.email, key)]) {
        const answer = (await rest(t, endpoint, { ...auth, f: 'json' })).json()[
          'subsonic-response'
        ] as SubsonicJson;
        checkOpenSubsonicError(answer);
        expect((answer.error as { code: number }).code).toBe(NOT_AUTHORIZED);
      }
    },
  );
});
