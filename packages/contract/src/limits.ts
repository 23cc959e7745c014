// Bounds the web app needs as plain numbers, apart from the schemas that enforce them: a screen
// that only asks for full pages or limits a text field does not download zod for a number.

/** The most items one page of a list holds (docs/architecture.md §5). */
export const MAX_PAGE_SIZE = 100;

/** The longest search text the API accepts. */
export const MAX_SEARCH_LENGTH = 200;
