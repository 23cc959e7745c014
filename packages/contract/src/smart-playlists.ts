import { z } from 'zod';
import { playlistDescriptionField, playlistNameField, playlistSchema } from './playlists';
import { songSchema } from './songs';

/**
 * Smart playlists (docs/product.md, "Smart playlists"): rules on a song's fields, in nested
 * all/any groups, with a sort and a limit, evaluated whenever the playlist is read.
 */

/** The kinds of value a field holds; each has its own operators. */
export const smartValueTypes = ['text', 'number', 'date', 'boolean'] as const;
export type SmartValueType = (typeof smartValueTypes)[number];

export const smartOperators = [
  'is',
  'isNot',
  'contains',
  'notContains',
  'startsWith',
  'endsWith',
  'gt',
  'lt',
  'inTheRange',
  'before',
  'after',
  'inTheLast',
  'notInTheLast',
] as const;
export type SmartOperator = (typeof smartOperators)[number];

/** The operators of each value type, in the order an editor offers them. */
export const smartOperatorsOf = {
  text: ['is', 'isNot', 'contains', 'notContains', 'startsWith', 'endsWith'],
  number: ['is', 'isNot', 'gt', 'lt', 'inTheRange'],
  date: ['before', 'after', 'inTheLast', 'notInTheLast', 'inTheRange'],
  boolean: ['is'],
} as const satisfies Record<SmartValueType, readonly SmartOperator[]>;

/** What an editor shows for each operator. */
export const smartOperatorLabels: Record<SmartOperator, string> = {
  is: 'is',
  isNot: 'is not',
  contains: 'contains',
  notContains: 'does not contain',
  startsWith: 'starts with',
  endsWith: 'ends with',
  gt: 'is greater than',
  lt: 'is less than',
  inTheRange: 'is in the range',
  before: 'is before',
  after: 'is after',
  inTheLast: 'is in the last (days)',
  notInTheLast: 'is not in the last (days)',
};

export const smartFields = [
  'title',
  'artist',
  'albumArtist',
  'album',
  'genre',
  'year',
  'dateAdded',
  'lastPlayed',
  'playCount',
  'liked',
  'duration',
  'fileType',
  'bitRate',
] as const;
export type SmartField = (typeof smartFields)[number];

/** One field of the catalogue an editor reads: its label, value type and operators. */
export interface SmartFieldInfo {
  readonly field: SmartField;
  readonly label: string;
  readonly type: SmartValueType;
  readonly operators: readonly SmartOperator[];
  /** What a number means, when it has a unit (`seconds`, `kbps`). */
  readonly unit?: string;
}

function fieldInfo(
  field: SmartField,
  label: string,
  type: SmartValueType,
  unit?: string,
): SmartFieldInfo {
  return { field, label, type, operators: smartOperatorsOf[type], ...(unit ? { unit } : {}) };
}

/**
 * Every field a rule may test. `lastPlayed`, `playCount` and `liked` are the playlist owner's
 * own (decision 093); `genre` is any of a song's tag genres; `fileType` is the file's
 * extension as its audio type names it (`mp3`, `flac`, `m4a`…).
 */
export const smartFieldCatalogue: readonly SmartFieldInfo[] = [
  fieldInfo('title', 'Title', 'text'),
  fieldInfo('artist', 'Artist', 'text'),
  fieldInfo('albumArtist', 'Album artist', 'text'),
  fieldInfo('album', 'Album', 'text'),
  fieldInfo('genre', 'Genre', 'text'),
  fieldInfo('year', 'Year', 'number'),
  fieldInfo('dateAdded', 'Date added', 'date'),
  fieldInfo('lastPlayed', 'Last played', 'date'),
  fieldInfo('playCount', 'Play count', 'number'),
  fieldInfo('liked', 'Liked', 'boolean'),
  fieldInfo('duration', 'Duration', 'number', 'seconds'),
  fieldInfo('fileType', 'File type', 'text'),
  fieldInfo('bitRate', 'Bit rate', 'number', 'kbps'),
];

const FIELD_INFO = new Map<string, SmartFieldInfo>(
  smartFieldCatalogue.map((info) => [info.field, info]),
);

/** The catalogue entry of a field, or undefined for a name that is not one. */
export function smartFieldInfo(field: string): SmartFieldInfo | undefined {
  return FIELD_INFO.get(field);
}

/** How deep groups may nest (the top group is depth 1), and how many rules and groups in all. */
export const MAX_SMART_DEPTH = 6;
export const MAX_SMART_NODES = 100;
export const MAX_SMART_TEXT_LENGTH = 200;
export const MAX_SMART_LIMIT = 10_000;
/** The most days `inTheLast` / `notInTheLast` look back (about a hundred years). */
export const MAX_SMART_DAYS = 36_500;

/** `YYYY-MM-DD`, a day in UTC. */
export const SMART_DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A rule's value: text, a number, a day, a number of days, a boolean, or a range of two. */
export type SmartValue =
  string | number | boolean | readonly [string, string] | readonly [number, number];

/** One condition: `{ "field": "playCount", "operator": "gt", "value": 5 }`. */
export interface SmartRule {
  readonly field: SmartField;
  readonly operator: SmartOperator;
  readonly value: SmartValue;
}

/** A group: every one of its rules holds (`all`), or at least one does (`any`). */
export type SmartGroup =
  { readonly all: readonly SmartNode[] } | { readonly any: readonly SmartNode[] };

export type SmartNode = SmartRule | SmartGroup;

export const smartSortFields = [...smartFields, 'random'] as const;
export type SmartSortField = (typeof smartSortFields)[number];

export const smartSortSchema = z.object({
  field: z.enum(smartSortFields, {
    error: `sort.field must be one of ${smartSortFields.join(', ')}`,
  }),
  order: z.enum(['asc', 'desc'], { error: "sort.order must be 'asc' or 'desc'" }).default('asc'),
});
export type SmartSort = z.infer<typeof smartSortSchema>;

/** The order when none is given: as the library lists songs, newest first. */
export const DEFAULT_SMART_SORT: SmartSort = { field: 'dateAdded', order: 'desc' };

type Issue = { readonly path: string; readonly message: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** A real day (`2021-02-31` is not one) as `YYYY-MM-DD`. */
const isDay = (value: unknown): value is string =>
  typeof value === 'string' &&
  SMART_DATE_PATTERN.test(value) &&
  new Date(`${value}T00:00:00.000Z`).toISOString().startsWith(value);

function isPair<T>(value: unknown, item: (v: unknown) => v is T): value is [T, T] {
  return Array.isArray(value) && value.length === 2 && item(value[0]) && item(value[1]);
}

/** What is wrong with a value for this operator of this type, or null when it fits. */
function valueProblem(
  type: SmartValueType,
  operator: SmartOperator,
  value: unknown,
): string | null {
  if (type === 'text') {
    if (typeof value !== 'string') return 'value must be text';
    if (value.length === 0) return 'value must not be empty';
    if (value.length > MAX_SMART_TEXT_LENGTH) {
      return `value must be at most ${MAX_SMART_TEXT_LENGTH} characters`;
    }
    if (value.includes('\u0000')) return 'value must not contain NUL characters';
    return null;
  }
  if (type === 'boolean') return typeof value === 'boolean' ? null : 'value must be true or false';
  if (type === 'number') {
    if (operator === 'inTheRange') {
      return isPair(value, isNumber) ? null : 'value must be two numbers [from, to]';
    }
    return isNumber(value) ? null : 'value must be a number';
  }
  if (operator === 'inTheLast' || operator === 'notInTheLast') {
    return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_SMART_DAYS
      ? null
      : `value must be a whole number of days from 1 to ${MAX_SMART_DAYS}`;
  }
  if (operator === 'inTheRange') {
    return isPair(value, isDay) ? null : 'value must be two days [from, to] as YYYY-MM-DD';
  }
  return isDay(value) ? null : 'value must be a day as YYYY-MM-DD';
}

function ruleProblem(node: Record<string, unknown>): string | null {
  const keys = Object.keys(node);
  const extra = keys.find((key) => key !== 'field' && key !== 'operator' && key !== 'value');
  if (extra !== undefined) return `unknown key "${extra}"`;
  const { field, operator, value } = node;
  if (typeof field !== 'string') return 'field is required';
  const info = smartFieldInfo(field);
  if (!info) return `unknown field "${field}"`;
  if (typeof operator !== 'string') return 'operator is required';
  if (!info.operators.includes(operator as SmartOperator)) {
    return `operator "${operator}" does not fit field "${field}" (${info.type}: ${info.operators.join(', ')})`;
  }
  if (value === undefined) return 'value is required';
  return valueProblem(info.type, operator as SmartOperator, value);
}

/**
 * Checks a rule tree without recursion, so that no nesting can exhaust the stack: each problem
 * names where it is (`rules.all[2].any[0]`). Stops at the first node past the depth or count.
 */
export function smartRuleProblems(root: unknown, rootPath = 'rules'): Issue[] {
  const issues: Issue[] = [];
  const pending: { node: unknown; path: string; depth: number }[] = [
    { node: root, path: rootPath, depth: 1 },
  ];
  let seen = 0;
  while (pending.length > 0) {
    const { node, path, depth } = pending.shift() as { node: unknown; path: string; depth: number };
    seen += 1;
    if (seen > MAX_SMART_NODES) {
      issues.push({ path, message: `${path}: too many rules (at most ${MAX_SMART_NODES} in all)` });
      break;
    }
    if (!isRecord(node)) {
      issues.push({ path, message: `${path}: must be a rule or a group` });
      continue;
    }
    const isGroup = 'all' in node || 'any' in node;
    if (!isGroup) {
      if (path === rootPath) {
        issues.push({
          path,
          message: `${path}: must be a group ({ "all": [...] } or { "any": [...] })`,
        });
        continue;
      }
      const problem = ruleProblem(node);
      if (problem) issues.push({ path, message: `${path}: ${problem}` });
      continue;
    }
    const keys = Object.keys(node);
    if (keys.length !== 1) {
      issues.push({ path, message: `${path}: a group has exactly one key, "all" or "any"` });
      continue;
    }
    if (depth > MAX_SMART_DEPTH) {
      issues.push({ path, message: `${path}: groups nest at most ${MAX_SMART_DEPTH} deep` });
      break;
    }
    const kind = keys[0] as 'all' | 'any';
    const children = node[kind];
    if (!Array.isArray(children) || children.length === 0) {
      issues.push({ path, message: `${path}.${kind}: must be a non-empty list of rules` });
      continue;
    }
    children.forEach((child: unknown, index) => {
      pending.push({ node: child, path: `${path}.${kind}[${index}]`, depth: depth + 1 });
    });
  }
  return issues;
}

/** Splits `rules.all[2].any[0]` into zod's path (`rules`, `all`, 2, `any`, 0). */
function zodPath(path: string): (string | number)[] {
  return path
    .split(/\.|\[|\]/)
    .filter((part) => part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * A rule tree, checked as `smartRuleProblems` does; `at` is where it sits in the body, so that
 * each message and error field names the offending rule.
 */
export function smartGroupField(at = 'rules') {
  return z.unknown().transform((value, ctx) => {
    const issues = smartRuleProblems(value, at);
    for (const issue of issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: zodPath(issue.path).slice(1) });
    }
    return issues.length > 0 ? z.NEVER : (value as SmartGroup);
  });
}

export const smartLimitField = z
  .number({ error: `limit must be a whole number from 1 to ${MAX_SMART_LIMIT}` })
  .int(`limit must be a whole number from 1 to ${MAX_SMART_LIMIT}`)
  .min(1, `limit must be a whole number from 1 to ${MAX_SMART_LIMIT}`)
  .max(MAX_SMART_LIMIT, `limit must be a whole number from 1 to ${MAX_SMART_LIMIT}`);

/** What chooses a smart playlist's songs: rules, their order and how many. */
export const smartCriteriaSchema = z.object({
  rules: smartGroupField('rules'),
  sort: smartSortSchema.default(DEFAULT_SMART_SORT),
  /** At most this many songs; null for every song that matches. */
  limit: smartLimitField.nullable().default(null),
});
export type SmartCriteria = z.infer<typeof smartCriteriaSchema>;
export type SmartCriteriaInput = z.input<typeof smartCriteriaSchema>;

/** POST /api/user/smart-playlists (JSON). */
export const createSmartPlaylistBodySchema = smartCriteriaSchema.extend({
  name: playlistNameField,
  description: playlistDescriptionField.default(''),
  isPublic: z.boolean({ error: 'isPublic must be true or false' }).default(false),
});
export type CreateSmartPlaylistBody = z.infer<typeof createSmartPlaylistBodySchema>;
export type CreateSmartPlaylistInput = z.input<typeof createSmartPlaylistBodySchema>;

/** PATCH /api/user/smart-playlists/{id} (JSON): what is sent changes, the rest stays. */
export const updateSmartPlaylistBodySchema = z.object({
  name: playlistNameField.optional(),
  description: playlistDescriptionField.optional(),
  isPublic: z.boolean({ error: 'isPublic must be true or false' }).optional(),
  rules: smartGroupField('rules').optional(),
  sort: smartSortSchema.optional(),
  limit: smartLimitField.nullable().optional(),
});
export type UpdateSmartPlaylistBody = z.infer<typeof updateSmartPlaylistBodySchema>;
export type UpdateSmartPlaylistInput = z.input<typeof updateSmartPlaylistBodySchema>;

/** POST /api/user/smart-playlists/preview: unsaved criteria, and how many songs to show. */
export const smartPreviewBodySchema = smartCriteriaSchema.extend({
  sample: z
    .number({ error: 'sample must be a whole number from 0 to 50' })
    .int('sample must be a whole number from 0 to 50')
    .min(0, 'sample must be a whole number from 0 to 50')
    .max(50, 'sample must be a whole number from 0 to 50')
    .default(10),
});
export type SmartPreviewBody = z.infer<typeof smartPreviewBodySchema>;
export type SmartPreviewInput = z.input<typeof smartPreviewBodySchema>;

/** The answer of a preview: how many songs match (after the limit), their seconds, the first few. */
export const smartPreviewSchema = z.object({
  songCount: z.number().int(),
  duration: z.number(),
  songs: z.array(songSchema),
});
export type SmartPreview = z.infer<typeof smartPreviewSchema>;

/** A rule tree as stored and answered (already checked). */
const smartGroupOutput = z.custom<SmartGroup>(() => true);

/** A smart playlist: a playlist card's fields (with `isSmart: true`), and its criteria. */
export const smartPlaylistSchema = playlistSchema.extend({
  /** The seconds of its songs now. */
  duration: z.number(),
  rules: smartGroupOutput,
  sort: smartSortSchema,
  limit: z.number().int().nullable(),
});
export type SmartPlaylist = z.infer<typeof smartPlaylistSchema>;

/** One smart playlist with the first page of its songs, as they are now. */
export const smartPlaylistWithSongsSchema = smartPlaylistSchema.extend({
  songs: z.array(songSchema),
  /** Present when there are more: pass it to GET /api/user/playlists/{id}/songs?cursor=. */
  nextCursor: z.string().optional(),
});
export type SmartPlaylistWithSongs = z.infer<typeof smartPlaylistWithSongsSchema>;

/** The catalogue an editor builds its rows from. */
export const smartCatalogueSchema = z.object({
  fields: z.array(
    z.object({
      field: z.enum(smartFields),
      label: z.string(),
      type: z.enum(smartValueTypes),
      operators: z.array(z.enum(smartOperators)),
      unit: z.string().optional(),
    }),
  ),
  operatorLabels: z.record(z.enum(smartOperators), z.string()),
  sortFields: z.array(z.enum(smartSortFields)),
  maxDepth: z.number().int(),
  maxRules: z.number().int(),
  maxLimit: z.number().int(),
});
export type SmartCatalogue = z.infer<typeof smartCatalogueSchema>;

/** The catalogue as the server answers it (the editor may also read it from here directly). */
export const smartCatalogue: SmartCatalogue = {
  fields: smartFieldCatalogue.map((info) => ({ ...info, operators: [...info.operators] })),
  operatorLabels: smartOperatorLabels,
  sortFields: [...smartSortFields],
  maxDepth: MAX_SMART_DEPTH,
  maxRules: MAX_SMART_NODES,
  maxLimit: MAX_SMART_LIMIT,
};

/**
 * A Navidrome smart playlist file (`.nsp`, JSON): `{ name, comment, all | any, sort, order,
 * limit }`, each condition `{ "<operator>": { "<field>": value } }`. Imported and exported as is;
 * the server checks and converts it (a field or operator Cadenza lacks is a 400 naming it).
 */
export const nspDocumentSchema = z.record(z.string(), z.unknown(), {
  error: 'An .nsp file is a JSON object',
});
export type NspDocument = Record<string, unknown>;
