import { GENRES } from '@cadenza/contract/songs';

/**
 * Both dialects rank the same way, so that they answer the same songs in the same order:
 * first songs whose title holds every word, then artist, album, genre, then songs whose words
 * are spread over several fields; newest first within each of those groups (decision 005).
 */
export const SEARCH_FIELDS = ['title', 'artist', 'album', 'genre'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** A ranking group: the songs with every word in one field, or in any. */
export type SearchGroup = SearchField | 'any';

/** How a search matches its words: as starts of words, or anywhere inside the text. */
export type SearchMatch = 'word starts' | 'substrings';

/** The words of the seven genres a song's `genre` holds, as both databases split them. */
const GENRE_WORDS = GENRES.flatMap((genre) => genre.split('-'));

/**
 * Whether `word` can be found in a song's genre. Only words of plain ASCII letters and digits are
 * ruled out: the indexes fold accents (word starts) and letter case beyond ASCII, which a
 * comparison here would have to copy exactly.
 */
function mayBeInGenre(word: string, match: SearchMatch): boolean {
  if (!/^[a-z0-9]+$/.test(word)) return true;
  return match === 'word starts'
    ? GENRE_WORDS.some((genreWord) => genreWord.startsWith(word))
    : GENRES.some((genre) => genre.includes(word));
}

/**
 * The groups to read, best first. One word always lies within one field, so only several words
 * can be spread over fields. A song's genre is one of seven, so the genre group is read only
 * when every word may be found in one (`pop`, `hip hop`, `lass`): for other words its read would
 * find nothing, at the cost of walking their songs.
 */
export function searchGroups(words: readonly string[], match: SearchMatch): SearchGroup[] {
  const fields = SEARCH_FIELDS.filter(
    (field) => field !== 'genre' || words.every((word) => mayBeInGenre(word, match)),
  );
  return words.length > 1 ? [...fields, 'any'] : fields;
}

/**
 * FTS5 and pg_trgm index text by its runs of three characters: a shorter word has none to look
 * up, so a search holding one cannot use the trigram indexes.
 */
export const MIN_TRIGRAM_LENGTH = 3;

export function hasTrigrams(word: string): boolean {
  return [...word].length >= MIN_TRIGRAM_LENGTH;
}
