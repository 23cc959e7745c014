/**
 * How a listen from another service finds its song: artist and title compared after folding
 * away what services write differently (case, accents, punctuation, spacing, and the featured
 * artists they add to a title or an artist).
 */

/** "(feat. X)", "[ft. X]", "- feat. X" and a trailing " feat. X" / " featuring X" / " ft X". */
const FEATURED_IN_BRACKETS = /[([{]\s*(?:feat\.?|ft\.?|featuring|with)\s[^)\]}]*[)\]}]/giu;
const FEATURED_AFTER = /\s(?:-\s*)?(?:feat\.?|ft\.?|featuring)\s.*$/iu;
const NOT_A_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;
const COMBINING_MARKS = /\p{M}+/gu;

/** Text folded for matching: lower case, no accents, no featured artists, letters and digits. */
export function foldForMatching(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(FEATURED_IN_BRACKETS, ' ')
    .replace(FEATURED_AFTER, '')
    .replace(/&/g, ' and ')
    .replace(NOT_A_LETTER_OR_DIGIT, ' ')
    .trim()
    .replace(/ +/g, ' ');
}

/** What a song and a listen of it share: folded artist and title. */
export function matchKey(artist: string, title: string): string {
  return `${foldForMatching(artist)}|${foldForMatching(title)}`;
}

/** The folded album, which breaks ties between songs of one artist and title. */
export function albumKey(album: string | null): string {
  return album === null ? '' : foldForMatching(album);
}

/** One listen's identity for a listener: its time and what it was of. */
export function listenKey(playedAt: string, artist: string, title: string): string {
  return `${playedAt}|${matchKey(artist, title)}`;
}
