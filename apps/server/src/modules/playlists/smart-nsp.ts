import { playlistDescriptionField, playlistNameField } from '@cadenza/contract/playlists';
import {
  MAX_SMART_DEPTH,
  MAX_SMART_LIMIT,
  MAX_SMART_NODES,
  smartOperators,
  smartRuleProblems,
  type NspDocument,
  type SmartCriteria,
  type SmartField,
  type SmartGroup,
  type SmartNode,
  type SmartOperator,
  type SmartRule,
  type SmartSort,
  type SmartSortField,
} from '@cadenza/contract/smart-playlists';
import { Invalid } from '../../errors';

/**
 * Navidrome's smart playlist files (`.nsp`): `{ name, comment, all | any, sort, order, limit }`,
 * each condition `{ "<operator>": { "<field>": value } }`. Field and operator names are read
 * case-insensitively, as Navidrome does; they are written as its documented examples spell them.
 */

const NSP_NAME_OF: Record<SmartField, string> = {
  title: 'title',
  artist: 'artist',
  albumArtist: 'albumArtist',
  album: 'album',
  genre: 'genre',
  year: 'year',
  dateAdded: 'dateAdded',
  lastPlayed: 'lastPlayed',
  playCount: 'playCount',
  liked: 'loved',
  duration: 'duration',
  fileType: 'fileType',
  bitRate: 'bitRate',
};

const FIELD_OF_NSP = new Map<string, SmartField>(
  Object.entries(NSP_NAME_OF).map(([field, nsp]) => [nsp.toLowerCase(), field as SmartField]),
);
const OPERATOR_OF_NSP = new Map<string, SmartOperator>(
  smartOperators.map((operator) => [operator.toLowerCase(), operator]),
);
const TOP_LEVEL_KEYS = new Set(['name', 'comment', 'all', 'any', 'sort', 'order', 'limit']);

const DEFAULT_IMPORTED_NAME = 'Imported smart playlist';

/** A 400 that names what in the file Cadenza cannot take. */
function unsupported(message: string): Invalid {
  return new Invalid(
    message,
    [{ field: 'nsp', code: 'nsp_unsupported', message }],
    'nsp_unsupported',
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The smart playlist an `.nsp` file describes, or a 400 naming what does not fit. */
export function fromNsp(document: NspDocument): {
  readonly name: string;
  readonly description: string;
  readonly criteria: SmartCriteria;
} {
  for (const key of Object.keys(document)) {
    if (!TOP_LEVEL_KEYS.has(key)) throw unsupported(`nsp: "${key}" is not supported`);
  }
  const { name, comment } = document;
  const parsedName = playlistNameField.safeParse(name ?? DEFAULT_IMPORTED_NAME);
  if (!parsedName.success) throw unsupported(`nsp.name: ${parsedName.error.issues[0]?.message}`);
  const parsedComment = playlistDescriptionField.safeParse(comment ?? '');
  if (!parsedComment.success) {
    throw unsupported(`nsp.comment: ${parsedComment.error.issues[0]?.message}`);
  }
  const groupKeys = ['all', 'any'].filter((key) => key in document);
  if (groupKeys.length !== 1) throw unsupported('nsp: needs exactly one of "all" or "any"');
  ensureBounded(document);
  const rules = groupOf(document, 'nsp');
  const problems = smartRuleProblems(rules, 'nsp');
  if (problems[0]) throw unsupported(problems[0].message);
  return {
    name: parsedName.data,
    description: parsedComment.data,
    criteria: { rules, sort: sortOf(document), limit: limitOf(document.limit) },
  };
}

/**
 * Counts the file's groups and conditions without recursion before they are read, so that no
 * nesting can exhaust the stack (the contract's limits, named by path).
 */
function ensureBounded(document: Record<string, unknown>): void {
  const pending: { node: unknown; path: string; depth: number }[] = [
    { node: document, path: 'nsp', depth: 1 },
  ];
  let seen = 0;
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    seen += 1;
    if (seen > MAX_SMART_NODES) {
      throw unsupported(`${item.path}: too many rules (at most ${MAX_SMART_NODES} in all)`);
    }
    if (!isRecord(item.node)) continue;
    for (const kind of ['all', 'any'] as const) {
      const children = item.node[kind];
      if (!Array.isArray(children)) continue;
      if (item.depth > MAX_SMART_DEPTH) {
        throw unsupported(`${item.path}: groups nest at most ${MAX_SMART_DEPTH} deep`);
      }
      children.forEach((child: unknown, index) => {
        pending.push({
          node: child,
          path: `${item.path}.${kind}[${index}]`,
          depth: item.depth + 1,
        });
      });
    }
  }
}

/** A group of the file; its depth is bounded by `ensureBounded`. */
function groupOf(node: Record<string, unknown>, path: string): SmartGroup {
  const kind = 'all' in node ? 'all' : 'any';
  const children = node[kind];
  if (!Array.isArray(children) || children.length === 0) {
    throw unsupported(`${path}.${kind}: must be a non-empty list of conditions`);
  }
  const nodes = children.map((child: unknown, index): SmartNode => {
    const at = `${path}.${kind}[${index}]`;
    if (!isRecord(child)) throw unsupported(`${at}: must be a condition or a group`);
    if ('all' in child || 'any' in child) {
      if (Object.keys(child).length !== 1) {
        throw unsupported(`${at}: a group has exactly one key, "all" or "any"`);
      }
      return groupOf(child, at);
    }
    return conditionOf(child, at);
  });
  return kind === 'all' ? { all: nodes } : { any: nodes };
}

function conditionOf(node: Record<string, unknown>, path: string): SmartNode {
  const entries = Object.entries(node);
  const [first] = entries;
  if (entries.length !== 1 || !first) {
    throw unsupported(`${path}: a condition is { "<operator>": { "<field>": value } }`);
  }
  const [nspOperator, test] = first;
  const operator = OPERATOR_OF_NSP.get(nspOperator.toLowerCase());
  if (!operator) throw unsupported(`${path}: operator "${nspOperator}" is not supported`);
  const tested = isRecord(test) ? Object.entries(test) : [];
  const [pair] = tested;
  if (tested.length !== 1 || !pair) {
    throw unsupported(`${path}.${nspOperator}: must name one field and its value`);
  }
  const [nspField, value] = pair;
  const field = FIELD_OF_NSP.get(nspField.toLowerCase());
  if (!field) throw unsupported(`${path}: field "${nspField}" is not supported`);
  return { field, operator, value: value as SmartRule['value'] };
}

function sortOf(document: Record<string, unknown>): SmartSort {
  const { sort, order } = document;
  if (sort === undefined) return { field: 'dateAdded', order: 'desc' };
  if (typeof sort !== 'string' || sort.includes(',')) {
    throw unsupported('nsp.sort: one field is supported (for example "lastPlayed" or "-year")');
  }
  const descending = sort.startsWith('-');
  const name = sort.replace(/^[-+]/, '').trim();
  const field: SmartSortField | undefined =
    name.toLowerCase() === 'random' ? 'random' : FIELD_OF_NSP.get(name.toLowerCase());
  if (!field) throw unsupported(`nsp.sort: field "${name}" is not supported`);
  if (order !== undefined && (typeof order !== 'string' || !/^(asc|desc)$/i.test(order))) {
    throw unsupported('nsp.order: must be "asc" or "desc"');
  }
  const asked = typeof order === 'string' ? order.toLowerCase() : 'asc';
  // A leading "-" reverses the order asked for, as in Navidrome.
  const direction = descending ? (asked === 'asc' ? 'desc' : 'asc') : asked;
  return { field, order: direction === 'desc' ? 'desc' : 'asc' };
}

function limitOf(limit: unknown): number | null {
  if (limit === undefined || limit === null || limit === 0) return null;
  if (
    typeof limit !== 'number' ||
    !Number.isInteger(limit) ||
    limit < 1 ||
    limit > MAX_SMART_LIMIT
  ) {
    throw unsupported(`nsp.limit: must be a whole number from 1 to ${MAX_SMART_LIMIT}`);
  }
  return limit;
}

function nspNodeOf(node: SmartNode): unknown {
  if ('all' in node) return { all: node.all.map(nspNodeOf) };
  if ('any' in node) return { any: node.any.map(nspNodeOf) };
  return { [node.operator]: { [NSP_NAME_OF[node.field]]: node.value } };
}

/** A smart playlist as an `.nsp` file Navidrome reads. */
export function toNsp(playlist: {
  readonly name: string;
  readonly description: string;
  readonly criteria: SmartCriteria;
}): NspDocument {
  const { rules, sort, limit } = playlist.criteria;
  const group =
    'all' in rules ? { all: rules.all.map(nspNodeOf) } : { any: rules.any.map(nspNodeOf) };
  return {
    name: playlist.name,
    comment: playlist.description,
    ...group,
    ...(sort.field === 'random'
      ? { sort: 'random' }
      : { sort: NSP_NAME_OF[sort.field], order: sort.order }),
    ...(limit === null ? {} : { limit }),
  };
}
