import { z } from 'zod';
import { MAX_SEARCH_LENGTH } from './limits';
import { text } from './validation';

export { MAX_SEARCH_LENGTH };

export const SEARCH_REQUIRED_MESSAGE = 'Please enter something to search for.';
/** The most songs one search answers. */
export const SEARCH_RESULT_LIMIT = 50;

/** `GET /user/songs/search?query={text}`: a blank (trimmed) query is refused. */
export const searchQuerystringSchema = z.object({
  query: text('Search text', { error: SEARCH_REQUIRED_MESSAGE })
    .trim()
    .min(1, SEARCH_REQUIRED_MESSAGE)
    .max(MAX_SEARCH_LENGTH, `Search text must be at most ${MAX_SEARCH_LENGTH} characters.`),
});
export type SearchQuerystring = z.infer<typeof searchQuerystringSchema>;
