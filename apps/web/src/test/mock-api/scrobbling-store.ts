import type { ScrobblingLink } from '@cadenza/contract/scrobbling';

/** A listener's links as the fake API keeps them. */
export interface FakeScrobblingLinks {
  listenBrainz: ScrobblingLink;
  lastFm: ScrobblingLink;
  /** The Last.fm request token handed out, until the listener comes back. */
  lastFmRequestToken: string | null;
}

/** Scrobbling on the fake server, and what the fake ListenBrainz and Last.fm know. */
export interface FakeScrobbling {
  /** user id → links */
  links: Map<string, FakeScrobblingLinks>;
  lastFmApiKey: string | null;
  lastFmSecret: string | null;
  /** ListenBrainz user tokens ListenBrainz accepts → the user name there. */
  listenBrainzTokens: Map<string, string>;
  /** Last.fm request tokens a listener allowed on Last.fm → the user name there. */
  lastFmAllowed: Map<string, string>;
  /** Listens the web player reported. */
  listens: { songId: string; startedAt: string; listenedSeconds: number }[];
}

export function emptyScrobbling(): FakeScrobbling {
  return {
    links: new Map(),
    lastFmApiKey: null,
    lastFmSecret: null,
    listenBrainzTokens: new Map(),
    lastFmAllowed: new Map(),
    listens: [],
  };
}

export const UNLINKED: ScrobblingLink = { userName: null, needsReconnect: false, waiting: 0 };
