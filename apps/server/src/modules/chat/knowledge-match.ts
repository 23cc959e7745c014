import type { ChatRequest } from '@cadenza/contract/chat';
import type { KnowledgeEntry } from './knowledge-base';

/** Earlier questions only nudge the choice between topics the new question itself touches. */
const HISTORY_WEIGHT = 0.3;
/** How many earlier questions of the user count: "and how do I delete it?" needs the last one. */
const HISTORY_QUESTIONS = 2;
/** A keyword of this length also matches words that extend it by a short ending (plurals, -ing). */
const MIN_STEM_LENGTH = 4;
const MAX_ENDING_LENGTH = 3;

/** Lower-case words without accents or punctuation: "Won't it PLAY?" → ["won", "t", "it", "play"]. */
export function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

function wordMatches(word: string, keyword: string): boolean {
  if (word === keyword) return true;
  return (
    keyword.length >= MIN_STEM_LENGTH &&
    word.startsWith(keyword) &&
    word.length - keyword.length <= MAX_ENDING_LENGTH
  );
}

/** Whether the keyword's words appear one after another in `text`. */
function containsKeyword(text: readonly string[], keyword: readonly string[]): boolean {
  for (let start = 0; start + keyword.length <= text.length; start += 1) {
    if (keyword.every((word, offset) => wordMatches(text[start + offset] as string, word))) {
      return true;
    }
  }
  return false;
}

/** A phrase of n words counts n; weak keywords count half. */
function score(entry: KnowledgeEntry, text: readonly string[]): number {
  let total = 0;
  for (const keyword of entry.keywords) {
    const keywordWords = words(keyword);
    if (containsKeyword(text, keywordWords)) total += keywordWords.length;
  }
  for (const keyword of entry.weakKeywords ?? []) {
    const keywordWords = words(keyword);
    if (containsKeyword(text, keywordWords)) total += keywordWords.length / 2;
  }
  return total;
}

/**
 * The entry that best answers the question, or null when no keyword of any entry is in it. Ties go
 * to the entry listed first.
 */
export function bestEntry(
  entries: readonly KnowledgeEntry[],
  request: ChatRequest,
): KnowledgeEntry | null {
  const question = words(request.question);
  const earlier = request.history
    .filter((turn) => turn.type === 'user')
    .slice(-HISTORY_QUESTIONS)
    .flatMap((turn) => words(turn.content));
  let best: KnowledgeEntry | null = null;
  let bestScore = 0;
  for (const entry of entries) {
    const own = score(entry, question);
    if (own === 0) continue;
    const total = own + HISTORY_WEIGHT * score(entry, earlier);
    if (total > bestScore) {
      best = entry;
      bestScore = total;
    }
  }
  return best;
}
