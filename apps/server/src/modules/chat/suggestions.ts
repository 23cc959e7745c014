import {
  DEFAULT_CHAT_SUGGESTIONS,
  MAX_CHAT_SUGGESTIONS,
  SUGGESTION_LENGTH_LIMIT,
} from '@cadenza/contract/chat';

function sameQuestion(a: string, b: string): boolean {
  const plain = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return plain(a) === plain(b);
}

/**
 * At most three distinct suggestions, each under 60 characters, without the question just asked;
 * when none is left, the default questions take their place (docs/product.md §8).
 */
export function usableSuggestions(candidates: readonly string[], question: string): string[] {
  const pick = (list: readonly string[]) => {
    const kept: string[] = [];
    for (const candidate of list.map((text) => text.trim())) {
      if (kept.length === MAX_CHAT_SUGGESTIONS) break;
      if (candidate.length === 0 || candidate.length >= SUGGESTION_LENGTH_LIMIT) continue;
      if (sameQuestion(candidate, question)) continue;
      if (kept.some((other) => sameQuestion(other, candidate))) continue;
      kept.push(candidate);
    }
    return kept;
  };
  const kept = pick(candidates);
  return kept.length > 0 ? kept : pick(DEFAULT_CHAT_SUGGESTIONS);
}
