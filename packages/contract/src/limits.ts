// Bounds the web app needs as plain numbers, apart from the schemas that enforce them: a screen
// that only asks for full pages or limits a text field does not download zod for a number.

/** The most items one page of a list holds (docs/architecture.md §5). */
export const MAX_PAGE_SIZE = 100;

/** The longest search text the API accepts. */
export const MAX_SEARCH_LENGTH = 200;

/** The longest queue kept on the server: a longer one keeps its first songs. */
export const MAX_SAVED_QUEUE_SONGS = 10_000;

/** How many equaliser presets of their own a listener keeps beside the built-in ones. */
export const MAX_OWN_PRESETS = 20;
export const MAX_PRESET_NAME_LENGTH = 40;

/** Tracks at least this long (in seconds) keep the listener's place on the web by themselves. */
export const LONG_TRACK_SECONDS = 10 * 60;
