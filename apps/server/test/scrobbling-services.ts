import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the fake service behaves now: working, failing with 503, answering garbage, silent, or
 * holding each request until `releaseHeld` (then answering it as a working service).
 */
export type ServiceMode = 'up' | 'down' | 'garbage' | 'hang' | 'hold';

/** A listen as ListenBrainz received it. */
export interface ReceivedListen {
  readonly listenType: string;
  readonly token: string;
  readonly listenedAt: number | undefined;
  readonly artist: string;
  readonly track: string;
  readonly album: string | undefined;
  readonly durationMs: number | undefined;
}

/** A call to Last.fm as it arrived (form fields). */
export type LastFmCall = Readonly<Record<string, string>>;

export interface FakeScrobblingServices {
  /** LISTENBRAINZ_BASE_URL and LASTFM_BASE_URL for the app. */
  readonly env: Record<string, string>;
  readonly lastFm: {
    readonly apiKey: string;
    readonly secret: string;
    /** Every accepted (well signed) call but auth ones: updateNowPlaying and scrobble. */
    readonly calls: LastFmCall[];
    /** The listener allows the request token on Last.fm's page, as `userName`. */
    allow(token: string, userName: string): void;
    /** Ends `userName`'s sessions as if they revoked access on Last.fm (then error 9). */
    revoke(userName: string): void;
    mode: ServiceMode;
  };
  readonly listenBrainz: {
    readonly listens: ReceivedListen[];
    /** A token ListenBrainz knows, for `userName`. */
    addToken(token: string, userName: string): void;
    removeToken(token: string): void;
    mode: ServiceMode;
    /** How many requests wait in `hold` mode. */
    held(): number;
    /** Answers the requests held, and works from now on. */
    releaseHeld(): void;
  };
  close(): Promise<void>;
}

function body(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function answer(res: http.ServerResponse, status: number, json: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(json));
}

/** Sends what the mode says instead of a real answer; false when the service works. */
function misbehave(mode: ServiceMode, res: http.ServerResponse): boolean {
  if (mode === 'up' || mode === 'hold') return false;
  if (mode === 'hang') return true;
  if (mode === 'down') {
    res.writeHead(503, { 'content-type': 'text/html' });
    res.end('<html><body>Service Unavailable</body></html>');
  } else {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"status": "o');
  }
  return true;
}

function signature(fields: LastFmCall, secret: string): string {
  const text = Object.keys(fields)
    .filter((name) => name !== 'format' && name !== 'callback' && name !== 'api_sig')
    .sort()
    .map((name) => `${name}${fields[name]}`)
    .join('');
  return createHash('md5')
    .update(text + secret, 'utf8')
    .digest('hex');
}

/**
 * ListenBrainz (`/1/validate-token`, `/1/submit-listens`) and Last.fm (`auth.getToken`,
 * `auth.getSession`, `track.updateNowPlaying`, `track.scrobble`, signed with `api_sig`) as their
 * documentation describes them, on 127.0.0.1, with what they received kept for the test.
 */
export async function startFakeScrobblingServices(): Promise<FakeScrobblingServices> {
  const tokens = new Map<string, string>();
  const listens: ReceivedListen[] = [];
  const apiKey = 'fake-api-key';
  const secret = 'fake-shared-secret';
  const requestTokens = new Map<string, string | null>();
  const sessions = new Map<string, string>();
  const calls: LastFmCall[] = [];
  let sequence = 0;
  const held: (() => void)[] = [];
  const listenBrainz = {
    listens,
    mode: 'up' as ServiceMode,
    addToken: (token: string, userName: string) => void tokens.set(token, userName),
    removeToken: (token: string) => void tokens.delete(token),
    held: () => held.length,
    releaseHeld: () => {
      listenBrainz.mode = 'up';
      for (const release of held.splice(0)) release();
    },
  };
  const lastFm = {
    apiKey,
    secret,
    calls,
    mode: 'up' as ServiceMode,
    allow: (token: string, userName: string) => void requestTokens.set(token, userName),
    revoke: (userName: string) => {
      for (const [key, name] of sessions) if (name === userName) sessions.delete(key);
    },
  };

  const handleListenBrainz = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const text = await body(req);
    if (listenBrainz.mode === 'hold') await new Promise<void>((resolve) => held.push(resolve));
    if (misbehave(listenBrainz.mode, res)) return;
    const token = /^Token (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const userName = tokens.get(token);
    if (req.url === '/1/validate-token') {
      if (!userName)
        return answer(res, 401, { code: 401, message: 'Token invalid.', valid: false });
      return answer(res, 200, {
        code: 200,
        message: 'Token valid.',
        valid: true,
        user_name: userName,
      });
    }
    if (req.url === '/1/submit-listens' && req.method === 'POST') {
      if (!userName) return answer(res, 401, { code: 401, error: 'Invalid authorization token.' });
      const submission = JSON.parse(text) as {
        listen_type: string;
        payload: {
          listened_at?: number;
          track_metadata: {
            artist_name: string;
            track_name: string;
            release_name?: string;
            additional_info?: { duration_ms?: number };
          };
        }[];
      };
      for (const listen of submission.payload) {
        const meta = listen.track_metadata;
        listens.push({
          listenType: submission.listen_type,
          token,
          listenedAt: listen.listened_at,
          artist: meta.artist_name,
          track: meta.track_name,
          album: meta.release_name,
          durationMs: meta.additional_info?.duration_ms,
        });
      }
      return answer(res, 200, { status: 'ok' });
    }
    return answer(res, 404, { code: 404, error: 'Not found' });
  };

  const handleLastFm = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const fields = Object.fromEntries(new URLSearchParams(await body(req)));
    if (misbehave(lastFm.mode, res)) return;
    if (fields.format !== 'json') return answer(res, 400, { error: 6, message: 'format' });
    if (fields.api_key !== apiKey)
      return answer(res, 403, { error: 10, message: 'Invalid API key' });
    if (fields.api_sig !== signature(fields, secret)) {
      return answer(res, 403, { error: 13, message: 'Invalid method signature supplied' });
    }
    switch (fields.method) {
      case 'auth.getToken': {
        sequence += 1;
        const token = `request-token-${sequence}`;
        requestTokens.set(token, null);
        return answer(res, 200, { token });
      }
      case 'auth.getSession': {
        const token = fields.token ?? '';
        if (!requestTokens.has(token)) return answer(res, 403, { error: 15, message: 'expired' });
        const userName = requestTokens.get(token);
        if (!userName) return answer(res, 403, { error: 14, message: 'Unauthorized Token' });
        requestTokens.delete(token);
        sequence += 1;
        const key = `session-key-${sequence}`;
        sessions.set(key, userName);
        return answer(res, 200, { session: { name: userName, key, subscriber: 0 } });
      }
      case 'track.updateNowPlaying':
      case 'track.scrobble': {
        if (!sessions.has(fields.sk ?? '')) {
          return answer(res, 403, { error: 9, message: 'Invalid session key' });
        }
        calls.push(fields);
        if (fields.method === 'track.updateNowPlaying') {
          return answer(res, 200, { nowplaying: { track: { '#text': fields.track } } });
        }
        return answer(res, 200, {
          scrobbles: {
            '@attr': { accepted: 1, ignored: 0 },
            scrobble: { track: { '#text': fields.track } },
          },
        });
      }
      default:
        return answer(res, 400, { error: 3, message: 'Invalid Method' });
    }
  };

  const server = http.createServer((req, res) => {
    const handle = req.url?.startsWith('/2.0') ? handleLastFm : handleListenBrainz;
    handle(req, res).catch(() => answer(res, 500, { error: 'fake service failed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: { LISTENBRAINZ_BASE_URL: origin, LASTFM_BASE_URL: `${origin}/2.0/` },
    lastFm,
    listenBrainz,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
