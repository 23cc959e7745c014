/**
 * When a listen counts, apart from the schemas so that the web player reads it without zod:
 * Last.fm's and ListenBrainz's rule of half the song or 4 minutes, and never under 30 seconds.
 */

/** The shortest song that is scrobbled, in seconds. */
export const SHORTEST_SCROBBLED_SECONDS = 30;
/** A listen counts once half the song, or this many seconds of it, has been heard. */
export const LONGEST_LISTEN_NEEDED_SECONDS = 240;

/** How many seconds of a song of `durationSeconds` must be heard before it is scrobbled. */
export function secondsBeforeScrobbling(durationSeconds: number): number {
  return Math.min(durationSeconds / 2, LONGEST_LISTEN_NEEDED_SECONDS);
}
