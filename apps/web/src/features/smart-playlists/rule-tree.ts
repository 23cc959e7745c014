import {
  MAX_SMART_DEPTH,
  MAX_SMART_NODES,
  smartFieldCatalogue,
  smartFieldInfo,
  type SmartField,
  type SmartFieldInfo,
  type SmartGroup,
  type SmartNode,
  type SmartOperator,
  type SmartRule,
  type SmartValue,
} from '@cadenza/contract/smart-playlists';
import { parseDuration, formatDurationInput } from './duration-input';

/**
 * The rule tree as the editor holds it: every node has an id (React's key), and values stay as
 * typed (`3:` on the way to `3:30`) until they are sent.
 */
export interface DraftValue {
  /** The value, or a range's start. */
  from: string;
  /** A range's end. */
  to: string;
  /** A yes/no field's value. */
  flag: boolean;
}

export interface DraftRule {
  kind: 'rule';
  id: string;
  field: SmartField;
  operator: SmartOperator;
  value: DraftValue;
}

export interface DraftGroup {
  kind: 'group';
  id: string;
  match: 'all' | 'any';
  children: DraftNode[];
}

export type DraftNode = DraftRule | DraftGroup;

/** What a rule's value input looks like for its field and operator. */
export type ValueShape = 'text' | 'number' | 'numberRange' | 'day' | 'dayRange' | 'days' | 'flag';

let lastId = 0;
const nextId = () => `node-${(lastId += 1)}`;

const EMPTY_VALUE: DraftValue = { from: '', to: '', flag: true };

export function fieldInfo(field: SmartField): SmartFieldInfo {
  return smartFieldInfo(field) ?? (smartFieldCatalogue[0] as SmartFieldInfo);
}

export function valueShape(field: SmartField, operator: SmartOperator): ValueShape {
  const { type } = fieldInfo(field);
  if (type === 'text') return 'text';
  if (type === 'boolean') return 'flag';
  if (type === 'number') return operator === 'inTheRange' ? 'numberRange' : 'number';
  if (operator === 'inTheLast' || operator === 'notInTheLast') return 'days';
  return operator === 'inTheRange' ? 'dayRange' : 'day';
}

export function newRule(field: SmartField = 'title'): DraftRule {
  const operator = fieldInfo(field).operators[0] as SmartOperator;
  return { kind: 'rule', id: nextId(), field, operator, value: { ...EMPTY_VALUE } };
}

export function newGroup(match: 'all' | 'any' = 'all'): DraftGroup {
  return { kind: 'group', id: nextId(), match, children: [newRule()] };
}

/** A new rule on another field keeps its operator and value when they still fit. */
export function withField(rule: DraftRule, field: SmartField): DraftRule {
  const info = fieldInfo(field);
  if (info.type === fieldInfo(rule.field).type) return { ...rule, field };
  const operator = info.operators[0] as SmartOperator;
  return { ...rule, field, operator, value: { ...EMPTY_VALUE } };
}

/** Another operator keeps the value when its input looks the same. */
export function withOperator(rule: DraftRule, operator: SmartOperator): DraftRule {
  const same = valueShape(rule.field, rule.operator) === valueShape(rule.field, operator);
  return { ...rule, operator, value: same ? rule.value : { ...EMPTY_VALUE } };
}

/** The tree with the node `id` replaced by what `change` makes of it. */
export function updateNode(
  group: DraftGroup,
  id: string,
  change: (node: DraftNode) => DraftNode,
): DraftGroup {
  if (group.id === id) return change(group) as DraftGroup;
  return {
    ...group,
    children: group.children.map((child) => {
      if (child.id === id) return change(child);
      return child.kind === 'group' ? updateNode(child, id, change) : child;
    }),
  };
}

/** The tree without the node `id`; a nested group left empty goes with it. */
export function removeNode(group: DraftGroup, id: string): DraftGroup {
  const children = group.children.flatMap((child): DraftNode[] => {
    if (child.id === id) return [];
    if (child.kind === 'rule') return [child];
    const kept = removeNode(child, id);
    return kept.children.length === 0 ? [] : [kept];
  });
  return { ...group, children };
}

/** How many rules and groups the tree holds, its own group included (the server's count). */
export function countNodes(node: DraftNode): number {
  return node.kind === 'rule'
    ? 1
    : 1 + node.children.reduce((total, child) => total + countNodes(child), 0);
}

/** Whether `count` more nodes fit, and a group at `depth` (the top is 1) may hold another group. */
export function canAdd(root: DraftGroup, count: number): boolean {
  return countNodes(root) + count <= MAX_SMART_NODES;
}
export function canNestIn(depth: number): boolean {
  return depth < MAX_SMART_DEPTH;
}

function draftValueOf(field: SmartField, value: SmartValue): DraftValue {
  const shown = (item: string | number) =>
    field === 'duration' && typeof item === 'number' ? formatDurationInput(item) : String(item);
  if (typeof value === 'boolean') return { ...EMPTY_VALUE, flag: value };
  if (Array.isArray(value)) {
    const [from, to] = value as readonly (string | number)[];
    return { ...EMPTY_VALUE, from: shown(from ?? ''), to: shown(to ?? '') };
  }
  return { ...EMPTY_VALUE, from: shown(value as string | number) };
}

function isRule(node: SmartNode): node is SmartRule {
  return 'field' in node;
}

/** The editor's tree of a stored rule tree. */
export function draftOf(group: SmartGroup): DraftGroup {
  const match = 'all' in group ? 'all' : 'any';
  const nodes = 'all' in group ? group.all : group.any;
  return {
    kind: 'group',
    id: nextId(),
    match,
    children: nodes.map((node) =>
      isRule(node)
        ? {
            kind: 'rule',
            id: nextId(),
            field: node.field,
            operator: node.operator,
            value: draftValueOf(node.field, node.value),
          }
        : draftOf(node),
    ),
  };
}

/** A number as typed; a duration also as `mm:ss` (or `h:mm:ss`). NaN when it is not one. */
function numberOf(field: SmartField, text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') return Number.NaN;
  return field === 'duration' ? parseDuration(trimmed) : Number(trimmed);
}

/**
 * The value as the API takes it. A number that is not one goes as null, so that the server says
 * what is wrong with it next to the editor.
 */
function valueOf(rule: DraftRule): SmartValue | null | (number | null)[] {
  const { from, to, flag } = rule.value;
  const asNumber = (text: string) => {
    const number = numberOf(rule.field, text);
    return Number.isFinite(number) ? number : null;
  };
  switch (valueShape(rule.field, rule.operator)) {
    case 'text':
      return from;
    case 'flag':
      return flag;
    case 'number':
    case 'days':
      return asNumber(from);
    case 'numberRange':
      return [asNumber(from), asNumber(to)];
    case 'day':
      return from;
    case 'dayRange':
      return [from, to];
  }
}

/** The rule tree as the API takes it (the server checks it and says what is wrong). */
export function rulesOf(group: DraftGroup): SmartGroup {
  const nodes = group.children.map((child) =>
    child.kind === 'group'
      ? rulesOf(child)
      : { field: child.field, operator: child.operator, value: valueOf(child) },
  ) as SmartNode[];
  return group.match === 'all' ? { all: nodes } : { any: nodes };
}

/** Whether a value is still blank: then the tree is not previewed yet. */
function isBlank(rule: DraftRule): boolean {
  const shape = valueShape(rule.field, rule.operator);
  if (shape === 'flag') return false;
  if (shape === 'numberRange' || shape === 'dayRange') {
    return rule.value.from.trim() === '' || rule.value.to.trim() === '';
  }
  return rule.value.from.trim() === '';
}

/** Whether every group holds a rule and every rule has a value, so that a preview makes sense. */
export function isComplete(group: DraftGroup): boolean {
  return (
    group.children.length > 0 &&
    group.children.every((child) => (child.kind === 'group' ? isComplete(child) : !isBlank(child)))
  );
}
