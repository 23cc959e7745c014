import { createHash } from 'node:crypto';
import type { QueuedListen, SendOutcome, TrackFacts } from './scrobbling-records';
import { callService, field, type CallAnswer } from './outgoing-call';

/** The administrator's Last.fm application. */
export interface LastFmApplication {
  readonly apiKey: string;
  readonly secret: string;
}

/** Where the listener allows an application to use their account (Last.fm's desktop flow). */
export const LASTFM_AUTH_PAGE = 'https://www.last.fm/api/auth/';

/** Invalid session key: the listener must allow Cadenza again. */
const INVALID_SESSION = 9;

/**
 * `api_sig`: the md5 of every parameter but `format` and `callback`, sorted by name, each name
 * followed by its value, then the shared secret (Last.fm's "Sign your calls").
 */
export function lastFmSignature(params: Readonly<Record<string, string>>, secret: string): string {
  const signed = Object.keys(params)
    .filter((name) => name !== 'format' && name !== 'callback')
    .sort()
    .map((name) => `${name}${params[name]}`)
    .join('');
  return createHash('md5')
    .update(signed + secret, 'utf8')
    .digest('hex');
}

/** What a session request came to. */
export type SessionAnswer =
  | { readonly kind: 'session'; readonly key: string; readonly userName: string }
  | { readonly kind: 'not_allowed' }
  | { readonly kind: 'unavailable'; readonly reason: string };

function trackParams(track: TrackFacts): Record<string, string> {
  return {
    artist: track.artist,
    track: track.track,
    ...(track.album ? { album: track.album } : {}),
    duration: String(Math.round(track.durationSeconds)),
  };
}

/** Last.fm's API 2.0: signed POSTs of form fields, answered in JSON. */
export class LastFmClient {
  constructor(
    private readonly endpoint: string,
    private readonly timeoutMs: number,
  ) {}

  /** `auth.getToken`: a request token the listener then allows on Last.fm. */
  async requestToken(app: LastFmApplication): Promise<string | { reason: string }> {
    const answer = await this.call(app, { method: 'auth.getToken' }, this.timeoutMs);
    const token = answer.ok ? field(answer.json, 'token') : undefined;
    if (typeof token === 'string' && token !== '') return token;
    return { reason: answer.ok ? describeError(answer.json) : answer.reason };
  }

  /** `auth.getSession` for a token the listener allowed (error 14 or 15 while they have not). */
  async session(app: LastFmApplication, token: string): Promise<SessionAnswer> {
    const answer = await this.call(app, { method: 'auth.getSession', token }, this.timeoutMs);
    if (!answer.ok) return { kind: 'unavailable', reason: answer.reason };
    const session = field(answer.json, 'session');
    const key = field(session, 'key');
    const name = field(session, 'name');
    if (typeof key === 'string' && key !== '' && typeof name === 'string' && name !== '') {
      return { kind: 'session', key, userName: name };
    }
    const error = field(answer.json, 'error');
    if (error === 4 || error === 14 || error === 15) return { kind: 'not_allowed' };
    return { kind: 'unavailable', reason: describeError(answer.json) };
  }

  /** `track.updateNowPlaying`: best effort, its outcome only reported. */
  async nowPlaying(
    app: LastFmApplication,
    sessionKey: string,
    track: TrackFacts,
    timeoutMs: number,
  ): Promise<SendOutcome> {
    const params = { method: 'track.updateNowPlaying', sk: sessionKey, ...trackParams(track) };
    const answer = await this.call(app, params, timeoutMs);
    return outcomeOf(answer, (json) => field(json, 'nowplaying') !== undefined);
  }

  /** `track.scrobble` of one listen; `timestamp` is when it started, in seconds. */
  async scrobble(app: LastFmApplication, listen: QueuedListen): Promise<SendOutcome> {
    const params = {
      method: 'track.scrobble',
      sk: listen.credential,
      timestamp: String(Math.floor(listen.listenedAt / 1000)),
      ...trackParams(listen),
    };
    const answer = await this.call(app, params, this.timeoutMs);
    const outcome = outcomeOf(answer, (json) => field(json, 'scrobbles') !== undefined);
    if (outcome.kind !== 'sent' || !answer.ok) return outcome;
    const counts = field(field(answer.json, 'scrobbles'), '@attr');
    // Last.fm answers the count as a number or as text, depending on the call.
    if (Number(field(counts, 'accepted')) >= 1) return outcome;
    if (Number(field(counts, 'ignored')) >= 1) {
      return { kind: 'rejected', reason: 'Last.fm ignored the scrobble' };
    }
    return { kind: 'retry', reason: 'Last.fm answered without its counts' };
  }

  private call(
    app: LastFmApplication,
    params: Readonly<Record<string, string>>,
    timeoutMs: number,
  ): Promise<CallAnswer> {
    const all = { ...params, api_key: app.apiKey };
    const body = new URLSearchParams({
      ...all,
      api_sig: lastFmSignature(all, app.secret),
      format: 'json',
    });
    return callService(
      this.endpoint,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      },
      timeoutMs,
    );
  }
}

function describeError(json: unknown): string {
  const error = field(json, 'error');
  return typeof error === 'number' ? `Last.fm error ${error}` : 'an unexpected answer';
}

function outcomeOf(answer: CallAnswer, success: (json: unknown) => boolean): SendOutcome {
  if (!answer.ok) return { kind: 'retry', reason: `Last.fm: ${answer.reason}` };
  const error = field(answer.json, 'error');
  if (error === INVALID_SESSION) return { kind: 'reconnect', reason: 'Last.fm error 9' };
  // Passing errors (8, 11, 16, 29) are retried; so is anything else but 9 (an invalid key or
  // signature the administrator may fix): a listen is never dropped for a fault of the set-up.
  if (typeof error === 'number') return { kind: 'retry', reason: `Last.fm error ${error}` };
  if (answer.status === 200 && success(answer.json)) return { kind: 'sent' };
  return { kind: 'retry', reason: `Last.fm answered HTTP ${answer.status} without a result` };
}
