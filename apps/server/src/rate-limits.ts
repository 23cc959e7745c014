/** How many attempts each guarded action allows per window (docs/architecture.md §7). */
export interface RateLimit {
  readonly max: number;
  readonly windowMs: number;
}

export interface RateLimits {
  readonly loginPerIp: RateLimit;
  /** Per account and client address, so that nobody elsewhere can lock the owner out. */
  readonly loginPerAccount: RateLimit;
  readonly register: RateLimit;
  readonly forgotPassword: RateLimit;
  readonly resetPassword: RateLimit;
  /** Codes of a second factor tried for one account, at sign-in or in its settings. */
  readonly secondFactor: RateLimit;
  /** Checks of a signed-in account's password (changes, re-authentication), per account. */
  readonly accountPassword: RateLimit;
  /** Uses of e-mail confirmation links, per address. */
  readonly confirmEmail: RateLimit;
  readonly contact: RateLimit;
  readonly feedback: RateLimit;
  readonly chat: RateLimit;
  /**
   * Attempts to connect ListenBrainz or Last.fm, per account: each asks the service, which must
   * not become a way to try tokens by the thousand.
   */
  readonly scrobblingConnect: RateLimit;
  /** Every API call of the Subsonic API (/rest) from one address, signed in or not. */
  readonly subsonicPerAddress: RateLimit;
  /** Every API call of the Subsonic API signed in with one key (an app syncing its library). */
  readonly subsonicPerKey: RateLimit;
  /**
   * The media fetches of /rest (streams, downloads, covers), counted apart from its API calls: an
   * app scrolling a big album grid asks for a cover a row.
   */
  readonly subsonicMediaPerAddress: RateLimit;
  readonly subsonicMediaPerKey: RateLimit;
  /** Visits and plays of shared pages, per address: a link is public, its server is not. */
  readonly sharedPages: RateLimit;
}

const MINUTE = 60_000;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIp: { max: 30, windowMs: MINUTE },
  loginPerAccount: { max: 10, windowMs: 15 * MINUTE },
  register: { max: 10, windowMs: 60 * MINUTE },
  forgotPassword: { max: 5, windowMs: 15 * MINUTE },
  resetPassword: { max: 10, windowMs: 15 * MINUTE },
  // A 6-digit code has a million values and three are good at a time: 10 tries per quarter hour
  // give a guesser about one chance in 30,000 per day.
  secondFactor: { max: 10, windowMs: 15 * MINUTE },
  accountPassword: { max: 10, windowMs: 15 * MINUTE },
  confirmEmail: { max: 10, windowMs: 15 * MINUTE },
  contact: { max: 5, windowMs: 15 * MINUTE },
  feedback: { max: 5, windowMs: 15 * MINUTE },
  chat: { max: 20, windowMs: MINUTE },
  scrobblingConnect: { max: 20, windowMs: 15 * MINUTE },
  // Apps sync whole libraries: generous, but bounded.
  subsonicPerAddress: { max: 1200, windowMs: MINUTE },
  subsonicPerKey: { max: 600, windowMs: MINUTE },
  // A grid flung past on a phone asks for dozens of covers a second.
  subsonicMediaPerAddress: { max: 6000, windowMs: MINUTE },
  subsonicMediaPerKey: { max: 3000, windowMs: MINUTE },
  sharedPages: { max: 120, windowMs: MINUTE },
};
