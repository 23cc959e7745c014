import type { ScrobbleTarget } from '@cadenza/contract/scrobbling';

/** `pending`: Last.fm's request token, waiting for the listener's approval there. */
export type LinkState = 'connected' | 'pending' | 'reconnect';

/** A listener's link to one service. */
export interface ScrobbleLinkRecord {
  readonly userId: string;
  readonly service: ScrobbleTarget;
  readonly state: LinkState;
  readonly userName: string | null;
  /** The ListenBrainz token, the Last.fm session key, or (pending) Last.fm's request token. */
  readonly credential: string;
}

/** What a service is told of a song heard or playing. */
export interface TrackFacts {
  readonly artist: string;
  readonly track: string;
  readonly album: string | null;
  readonly durationSeconds: number;
}

/** A listen waiting to be sent to one service, with the credential to send it with. */
export interface QueuedListen extends TrackFacts {
  readonly id: string;
  readonly userId: string;
  readonly service: ScrobbleTarget;
  /** When the listen started, epoch milliseconds. */
  readonly listenedAt: number;
  readonly attempts: number;
  readonly credential: string;
}

/**
 * What a service made of a call: taken; to try again later (down, overloaded, garbled answer);
 * the token or session is refused (the listener must connect again); or refused for good.
 */
export type SendOutcome =
  | { readonly kind: 'sent' }
  | { readonly kind: 'retry'; readonly reason: string }
  | { readonly kind: 'reconnect'; readonly reason: string }
  | { readonly kind: 'rejected'; readonly reason: string };
