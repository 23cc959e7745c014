import type { SmartCriteria, SmartNode } from '@cadenza/contract/smart-playlists';

/** What smart criteria read besides the catalogue. */
export interface SmartReads {
  /** The listener's plays (a rule or the sort on last played or play count). */
  readonly plays: boolean;
  /** The listener's likes. */
  readonly likes: boolean;
  /** Today: a rule on the last N days. */
  readonly relative: boolean;
}

/** Walks the rule tree (bounded by the contract's MAX_SMART_NODES) and the sort. */
export function readsOf(criteria: SmartCriteria): SmartReads {
  const fields = new Set<string>([criteria.sort.field]);
  let relative = false;
  const pending: SmartNode[] = [criteria.rules];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if ('all' in node) pending.push(...node.all);
    else if ('any' in node) pending.push(...node.any);
    else {
      fields.add(node.field);
      if (node.operator === 'inTheLast' || node.operator === 'notInTheLast') relative = true;
    }
  }
  return {
    plays: fields.has('lastPlayed') || fields.has('playCount'),
    likes: fields.has('liked'),
    relative,
  };
}
