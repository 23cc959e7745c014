/** A search text reduced to the words the databases are asked for. */
export interface SearchTerms {
  /** Lower-cased words of letters and digits; no punctuation or query syntax survives. */
  readonly words: string[];
  /** True when a word is in a script written without spaces between words. */
  readonly unspacedScript: boolean;
}

/** More words than this narrow a search no further; the rest are ignored. */
export const MAX_SEARCH_WORDS = 10;

// A word starts with a letter or digit and may carry combining marks (Devanagari vowel signs,
// decomposed accents). Everything else separates words, so quotes, `*`, `:`, `&`, `%`, `NEAR(`
// and the like never reach FTS5, tsquery or LIKE as syntax.
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;

// Scripts whose words are not separated by spaces: a prefix match on FTS tokens would only find
// text at the start of a run, so these searches match substrings instead.
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

export function toSearchTerms(text: string): SearchTerms {
  const words = [...new Set(text.normalize('NFC').toLowerCase().match(WORD) ?? [])].slice(
    0,
    MAX_SEARCH_WORDS,
  );
  return { words, unspacedScript: words.some((word) => UNSPACED_SCRIPT.test(word)) };
}
