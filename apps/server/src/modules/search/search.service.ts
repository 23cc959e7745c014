import { SEARCH_RESULT_LIMIT } from '@cadenza/contract/search';
import type { SongRecord } from '../songs/song-record';
import type { SearchRepository } from './search.repository';
import { toSearchTerms, type SearchTerms } from './search-terms';

/** Word searches that found nothing are retried as substrings when this short (see below). */
const MAX_SUBSTRING_RETRY_WORDS = 2;
const MIN_SUBSTRING_RETRY_LENGTH = 3;

/**
 * A word shorter than this is a prefix of so many words that looking it up may read thousands of
 * index entries at a large library (`the l`: 40 ms at a million songs).
 */
const MIN_QUICK_PREFIX_LENGTH = 3;

export class SearchService {
  /**
   * `search` reads on the server's connection; `longSearch`, the same queries as long reads (on
   * SQLite, worker threads), for the word searches that may read far more than they answer.
   */
  constructor(
    private readonly search: SearchRepository,
    private readonly longSearch: SearchRepository = search,
  ) {}

  /** The best matches for a listener's text (already trimmed and non-blank), best first. */
  async songs(text: string, limit = SEARCH_RESULT_LIMIT): Promise<SongRecord[]> {
    return this.find(toSearchTerms(text), limit);
  }

  /**
   * Word-prefix search first. Substring search instead when a word is in a script without
   * spaces (a Japanese title is one long token, so only its first characters would match), and
   * as a second chance when a short query found nothing at all ("tles" finds "Beatles"). It is
   * not used otherwise because it ignores accents' folding, and a word of one or two characters
   * (no trigram to look up) is only sought among recent songs (decision 047).
   */
  private async find({ words, unspacedScript }: SearchTerms, limit: number): Promise<SongRecord[]> {
    if (words.length === 0) return [];
    if (unspacedScript) return this.search.matchSubstrings(words, limit);
    const wide = words.some((word) => word.length < MIN_QUICK_PREFIX_LENGTH);
    const songs = await (wide ? this.longSearch : this.search).matchWords(words, limit);
    const retry =
      songs.length === 0 &&
      words.length <= MAX_SUBSTRING_RETRY_WORDS &&
      words.every((word) => word.length >= MIN_SUBSTRING_RETRY_LENGTH);
    return retry ? this.search.matchSubstrings(words, limit) : songs;
  }
}
