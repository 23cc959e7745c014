import type { QueuedListen, SendOutcome, TrackFacts } from './scrobbling-records';
import { callService, field } from './outgoing-call';

/** What ListenBrainz says of a user token. */
export type TokenCheck =
  | { readonly kind: 'valid'; readonly userName: string }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'unavailable'; readonly reason: string };

const CLIENT = { submission_client: 'Cadenza', media_player: 'Cadenza' };

function trackMetadata(track: TrackFacts) {
  return {
    artist_name: track.artist,
    track_name: track.track,
    ...(track.album ? { release_name: track.album } : {}),
    additional_info: { ...CLIENT, duration_ms: Math.round(track.durationSeconds * 1000) },
  };
}

/** ListenBrainz's API: `GET /1/validate-token` and `POST /1/submit-listens`. */
export class ListenBrainzClient {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  async validateToken(token: string): Promise<TokenCheck> {
    const answer = await callService(
      `${this.baseUrl}/1/validate-token`,
      { headers: { authorization: `Token ${token}` } },
      this.timeoutMs,
    );
    if (answer.status === 401) return { kind: 'invalid' };
    if (!answer.ok) return { kind: 'unavailable', reason: answer.reason };
    if (answer.status !== 200) return { kind: 'unavailable', reason: `HTTP ${answer.status}` };
    const valid = field(answer.json, 'valid');
    const userName = field(answer.json, 'user_name');
    if (valid === false) return { kind: 'invalid' };
    if (valid === true && typeof userName === 'string' && userName !== '') {
      return { kind: 'valid', userName };
    }
    return { kind: 'unavailable', reason: 'an answer without valid and user_name' };
  }

  /** A `playing_now` notice: best effort, its outcome only reported. */
  nowPlaying(token: string, track: TrackFacts, timeoutMs: number): Promise<SendOutcome> {
    return this.submit(
      token,
      { listen_type: 'playing_now', payload: [{ track_metadata: trackMetadata(track) }] },
      timeoutMs,
    );
  }

  /** One listen (`single`). */
  listen(listen: QueuedListen): Promise<SendOutcome> {
    return this.submit(
      listen.credential,
      {
        listen_type: 'single',
        payload: [
          {
            listened_at: Math.floor(listen.listenedAt / 1000),
            track_metadata: trackMetadata(listen),
          },
        ],
      },
      this.timeoutMs,
    );
  }

  private async submit(token: string, body: unknown, timeoutMs: number): Promise<SendOutcome> {
    const answer = await callService(
      `${this.baseUrl}/1/submit-listens`,
      {
        method: 'POST',
        headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
      timeoutMs,
    );
    if (answer.status === 401)
      return { kind: 'reconnect', reason: 'ListenBrainz refused the token' };
    // A listen ListenBrainz read and found wrong would be refused again; a garbled 400 is retried.
    if (answer.ok && answer.status === 400) {
      return { kind: 'rejected', reason: 'ListenBrainz refused the listen (HTTP 400)' };
    }
    if (!answer.ok) return { kind: 'retry', reason: `ListenBrainz: ${answer.reason}` };
    if (answer.status === 200 && field(answer.json, 'status') === 'ok') return { kind: 'sent' };
    return {
      kind: 'retry',
      reason: `ListenBrainz answered HTTP ${answer.status} without status ok`,
    };
  }
}
