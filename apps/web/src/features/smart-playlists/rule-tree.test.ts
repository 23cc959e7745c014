import type { SmartGroup } from '@cadenza/contract/smart-playlists';
import { describe, expect, it } from 'vitest';
import { formatDurationInput, parseDuration } from './duration-input';
import { draftOf, isComplete, removeNode, rulesOf, withField, withOperator } from './rule-tree';

const stored: SmartGroup = {
  any: [
    { field: 'duration', operator: 'inTheRange', value: [90, 3723] },
    {
      all: [
        { field: 'liked', operator: 'is', value: false },
        { field: 'dateAdded', operator: 'inTheLast', value: 30 },
      ],
    },
  ],
};

describe('the rule tree', () => {
  it('reads a stored tree and sends it back unchanged', () => {
    const draft = draftOf(stored);
    expect(isComplete(draft)).toBe(true);
    expect(rulesOf(draft)).toEqual(stored);
  });

  it('drops a nested group left without rules', () => {
    const draft = draftOf(stored);
    const group = draft.children[1];
    if (group?.kind !== 'group') throw new Error('a group was expected');
    const once = removeNode(draft, group.children[0]!.id);
    expect(rulesOf(once)).toEqual({
      any: [stored.any[0], { all: [{ field: 'dateAdded', operator: 'inTheLast', value: 30 }] }],
    });
    const twice = removeNode(once, group.children[1]!.id);
    expect(rulesOf(twice)).toEqual({ any: [stored.any[0]] });
  });

  it('keeps a value across fields and operators of the same kind, and clears it otherwise', () => {
    const rule = draftOf({ all: [{ field: 'year', operator: 'gt', value: 1990 }] }).children[0];
    if (rule?.kind !== 'rule') throw new Error('a rule was expected');
    expect(withField(rule, 'playCount')).toMatchObject({ operator: 'gt', value: { from: '1990' } });
    expect(withField(rule, 'title')).toMatchObject({ operator: 'is', value: { from: '' } });
    expect(withOperator(rule, 'lt').value.from).toBe('1990');
    expect(withOperator(rule, 'inTheRange').value.from).toBe('');
  });

  it('sends a number it cannot read as null, for the server to name', () => {
    const rule = draftOf({ all: [{ field: 'year', operator: 'is', value: 1 }] });
    const first = rule.children[0];
    if (first?.kind !== 'rule') throw new Error('a rule was expected');
    first.value.from = 'soon';
    expect(rulesOf(rule)).toEqual({ all: [{ field: 'year', operator: 'is', value: null }] });
  });
});

describe('durations as typed', () => {
  it('reads seconds, m:ss and h:mm:ss, and nothing else', () => {
    expect(parseDuration('95')).toBe(95);
    expect(parseDuration('1:35')).toBe(95);
    expect(parseDuration('1:02:03')).toBe(3723);
    expect(parseDuration('1:75')).toBeNaN();
    expect(parseDuration('soon')).toBeNaN();
  });

  it('shows whole minutes as m:ss', () => {
    expect(formatDurationInput(45)).toBe('45');
    expect(formatDurationInput(95)).toBe('1:35');
    expect(formatDurationInput(3723)).toBe('62:03');
  });
});
