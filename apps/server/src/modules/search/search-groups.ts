/**
 * Both dialects rank the same way, so that they answer the same songs in the same order:
 * first songs whose title holds every word, then artist, album, genre, then songs whose words
 * are spread over several fields; newest first within each of those groups (decision 005).
 */
export const SEARCH_FIELDS = ['title', 'artist', 'album', 'genre'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** A ranking group: the songs with every word in one field, or in any. */
export type SearchGroup = SearchField | 'any';

/** The groups to read, best first. One word always lies within one field, so only several words can be spread over fields. */
export function searchGroups(words: readonly string[]): SearchGroup[] {
  return words.length > 1 ? [...SEARCH_FIELDS, 'any'] : [...SEARCH_FIELDS];
}

/**
 * FTS5 and pg_trgm index text by its runs of three characters: a shorter word has none to look
 * up, so a search holding one cannot use the trigram indexes.
 */
export const MIN_TRIGRAM_LENGTH = 3;

export function hasTrigrams(word: string): boolean {
  return [...word].length >= MIN_TRIGRAM_LENGTH;
}
