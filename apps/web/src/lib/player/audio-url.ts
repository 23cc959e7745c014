/** Seconds of margin: a URL that expires sooner than this counts as expired. */
const EXPIRY_MARGIN_SECONDS = 60;

/** True when a signed audio URL has expired or is about to (its `expires` is in seconds). */
export function audioUrlExpired(url: string, now = Date.now()): boolean {
  const match = /[?&]expires=(\d+)/.exec(url);
  if (!match?.[1]) return false;
  return Number(match[1]) - EXPIRY_MARGIN_SECONDS <= now / 1000;
}
