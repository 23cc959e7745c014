import type { Playlist } from '@cadenza/contract/playlists';
import {
  createSmartPlaylistBodySchema,
  smartPreviewBodySchema,
  updateSmartPlaylistBodySchema,
  type SmartCriteria,
  type SmartGroup,
  type SmartNode,
  type SmartRule,
} from '@cadenza/contract/smart-playlists';
import type { Song } from '@cadenza/contract/songs';
import { HttpResponse } from 'msw';
import type { ZodType } from 'zod';
import { failure, on } from './routes';
import {
  findPlaylist,
  findUser,
  nextId,
  playlistView,
  seed,
  store,
  type StoredPlaylist,
} from './store';

/**
 * Smart playlists over the in-memory store: rules are checked by the contract's schemas as the
 * server checks them, and a smart playlist's songs are chosen again from the store's songs
 * whenever it is read.
 */

const SMART_NOT_FOUND = 'Smart playlist not found.';
const DAY_MS = 86_400_000;

/** Each smart playlist's criteria; a playlist without an entry is an ordinary one. */
const criteriaOf = new WeakMap<StoredPlaylist, SmartCriteria>();

const ok = <T>(data: T, status = 200) => HttpResponse.json({ success: true, data }, { status });

function caller(request: Request) {
  const token = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1];
  const user = findUser(store.sessions.get(token ?? '') ?? '');
  return user ?? failure(401, 'Please log in to continue.', 'unauthorized');
}

function parse<T>(schema: ZodType<T>, input: unknown): { data: T } | { error: Response } {
  const result = schema.safeParse(input);
  if (result.success) return { data: result.data };
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.join('.'),
    code: issue.code,
    message: issue.message,
  }));
  const body = { success: false, code: 'invalid_input', message: errors[0]?.message, errors };
  return { error: HttpResponse.json(body, { status: 400 }) };
}

function likedBy(userId: string, songId: string): boolean {
  return (store.likes.get(userId) ?? []).includes(songId);
}

function playsOf(userId: string, songId: string) {
  return store.plays.filter((play) => play.userId === userId && play.songId === songId);
}

/** What a song holds of `field`, for the playlist's owner. */
function fieldValue(song: Song, field: SmartRule['field'], ownerId: string): unknown {
  switch (field) {
    case 'title':
      return song.title;
    case 'artist':
      return song.artist;
    case 'albumArtist':
      return song.artist;
    case 'album':
      return song.album ?? '';
    case 'genre':
      return song.genres.map((genre) => genre.name);
    case 'year':
      return song.releaseYear;
    case 'dateAdded':
      return song.createdAt;
    case 'lastPlayed':
      return playsOf(ownerId, song._id)
        .map((play) => play.playedAt)
        .sort()
        .at(-1);
    case 'playCount':
      return playsOf(ownerId, song._id).length;
    case 'liked':
      return likedBy(ownerId, song._id);
    case 'duration':
      return song.duration;
    case 'fileType':
      return /\.(\w+)$/.exec(song.audioFile)?.[1] ?? '';
    case 'bitRate':
      return null;
  }
}

function textHolds(text: string, rule: SmartRule): boolean {
  const have = text.toLowerCase();
  const want = String(rule.value).toLowerCase();
  switch (rule.operator) {
    case 'is':
      return have === want;
    case 'isNot':
      return have !== want;
    case 'contains':
      return have.includes(want);
    case 'notContains':
      return !have.includes(want);
    case 'startsWith':
      return have.startsWith(want);
    case 'endsWith':
      return have.endsWith(want);
    default:
      return false;
  }
}

function holds(song: Song, rule: SmartRule, ownerId: string): boolean {
  const value = fieldValue(song, rule.field, ownerId);
  if (Array.isArray(value)) return value.some((text: string) => textHolds(text, rule));
  if (typeof value === 'string' && !rule.field.startsWith('date') && rule.field !== 'lastPlayed')
    return textHolds(value, rule);
  if (typeof value === 'boolean') return value === rule.value;
  if (typeof value === 'number') {
    const [from, to] = Array.isArray(rule.value) ? (rule.value as number[]) : [0, 0];
    switch (rule.operator) {
      case 'is':
        return value === rule.value;
      case 'isNot':
        return value !== rule.value;
      case 'gt':
        return value > Number(rule.value);
      case 'lt':
        return value < Number(rule.value);
      case 'inTheRange':
        return value >= Number(from) && value <= Number(to);
      default:
        return false;
    }
  }
  if (typeof value !== 'string') return rule.operator === 'notInTheLast';
  const time = Date.parse(value);
  const day = (text: unknown, days = 0) =>
    Date.parse(`${String(text)}T00:00:00.000Z`) + days * DAY_MS;
  const since = Date.now() - Number(rule.value) * DAY_MS;
  switch (rule.operator) {
    case 'before':
      return time < day(rule.value);
    case 'after':
      return time >= day(rule.value, 1);
    case 'inTheLast':
      return time >= since;
    case 'notInTheLast':
      return time < since;
    case 'inTheRange': {
      const [from, to] = rule.value as readonly string[];
      return time >= day(from) && time < day(to, 1);
    }
    default:
      return false;
  }
}

function matches(song: Song, node: SmartNode, ownerId: string): boolean {
  if ('field' in node) return holds(song, node, ownerId);
  return 'all' in node
    ? node.all.every((child) => matches(song, child, ownerId))
    : node.any.some((child) => matches(song, child, ownerId));
}

/** The songs criteria choose for `ownerId`, in their order and within their limit. */
export function songsChosen(criteria: SmartCriteria, ownerId: string): Song[] {
  const chosen = store.songs.filter((song) => matches(song, criteria.rules, ownerId));
  const { field, order } = criteria.sort;
  if (field !== 'random') {
    const key = (song: Song) => {
      const value = fieldValue(song, field, ownerId);
      return Array.isArray(value) ? String(value[0] ?? '') : (value as string | number | null);
    };
    chosen.sort((a, b) => {
      const [x, y] = [key(a) ?? '', key(b) ?? ''];
      const compared =
        typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return order === 'asc' ? compared : -compared;
    });
  }
  return criteria.limit === null ? chosen : chosen.slice(0, criteria.limit);
}

/** Chooses every smart playlist's songs again, as the server does on each read. */
function refreshSmartPlaylists(): void {
  for (const entry of store.playlists) {
    const criteria = criteriaOf.get(entry);
    if (criteria)
      entry.songIds = songsChosen(criteria, entry.playlist.owner._id).map((song) => song._id);
  }
}

/** Puts a smart playlist on the server, its songs chosen by `criteria` from the store's songs. */
export function seedSmartPlaylist(playlist: Playlist, criteria: SmartCriteria): Playlist {
  seed.playlist({ ...playlist, isSmart: true });
  const entry = findPlaylist(playlist._id);
  if (!entry) throw new Error(`Playlist ${playlist._id} was not seeded`);
  criteriaOf.set(entry, criteria);
  refreshSmartPlaylists();
  return playlistView(entry);
}

/**
 * The smart playlist `id` with its criteria, when the caller may read it (theirs, or public) and,
 * for a change, owns it; otherwise the 404 or 403 the server answers.
 */
function smartFor(request: Request, id: string, access: 'read' | 'change' = 'change') {
  const user = caller(request);
  if (user instanceof Response) return user;
  const entry = findPlaylist(id);
  const criteria = entry && criteriaOf.get(entry);
  const mine = entry?.playlist.owner._id === user._id;
  if (!entry || !criteria || !(mine || entry.playlist.isPublic))
    return failure(404, SMART_NOT_FOUND, 'playlist_not_found');
  if (access === 'change' && !mine)
    return failure(403, 'You can only change your own playlists.', 'not_playlist_owner');
  return { entry, criteria };
}

function smartView(entry: StoredPlaylist, criteria: SmartCriteria) {
  const songs = songsChosen(criteria, entry.playlist.owner._id);
  const duration = songs.reduce((total, song) => total + song.duration, 0);
  return { ...playlistView(entry), duration, ...criteria };
}

const NSP_FIELDS: Record<string, SmartRule['field']> = {
  title: 'title',
  artist: 'artist',
  albumartist: 'albumArtist',
  album: 'album',
  genre: 'genre',
  year: 'year',
  dateadded: 'dateAdded',
  lastplayed: 'lastPlayed',
  playcount: 'playCount',
  loved: 'liked',
  duration: 'duration',
  filetype: 'fileType',
  bitrate: 'bitRate',
};

/** An `.nsp` group as a rule tree, or what Cadenza lacks and where (`nsp.all[0]: field …`). */
function groupOfNsp(document: Record<string, unknown>, path = 'nsp'): SmartGroup | string {
  const kind = 'all' in document ? 'all' : 'any';
  const conditions = document[kind];
  if (!Array.isArray(conditions)) return `${path}: a group needs an "all" or "any" list`;
  const nodes: SmartNode[] = [];
  for (const [index, condition] of (conditions as Record<string, unknown>[]).entries()) {
    const at = `${path}.${kind}[${index}]`;
    if ('all' in condition || 'any' in condition) {
      const group = groupOfNsp(condition, at);
      if (typeof group === 'string') return group;
      nodes.push(group);
      continue;
    }
    const [operator, test] = Object.entries(condition)[0] ?? [];
    const [name, value] = Object.entries((test ?? {}) as Record<string, unknown>)[0] ?? [];
    const field = NSP_FIELDS[(name ?? '').toLowerCase()];
    if (!field) return `${at}: field "${name ?? ''}" is not supported`;
    nodes.push({ field, operator, value } as SmartRule);
  }
  return kind === 'all' ? { all: nodes } : { any: nodes };
}

const nspName = (field: string) =>
  Object.entries(NSP_FIELDS).find(([, known]) => known === field)?.[0] ?? field;

function nspOfGroup(group: SmartGroup): Record<string, unknown> {
  const nodes = ('all' in group ? group.all : group.any).map((node) =>
    'field' in node ? { [node.operator]: { [nspName(node.field)]: node.value } } : nspOfGroup(node),
  );
  return 'all' in group ? { all: nodes } : { any: nodes };
}

export const smartPlaylistHandlers = [
  // Passes on to the playlists' own handlers once the smart playlists' songs are chosen anew.
  on('GET /api/user/playlists', () => {
    refreshSmartPlaylists();
    return undefined;
  }),
  on('GET /api/user/playlists/:id', () => {
    refreshSmartPlaylists();
    return undefined;
  }),

  on('POST /api/user/smart-playlists/preview', async ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const body = parse(smartPreviewBodySchema, await request.json().catch(() => ({})));
    if ('error' in body) return body.error;
    const { sample, ...criteria } = body.data;
    const songs = songsChosen(criteria, user._id);
    const duration = songs.reduce((total, song) => total + song.duration, 0);
    return ok({ songCount: songs.length, duration, songs: songs.slice(0, sample) });
  }),

  on('POST /api/user/smart-playlists/nsp', async ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const document = (await request.json().catch(() => null)) as Record<string, unknown> | null;
    if (document === null || typeof document !== 'object')
      return failure(400, 'An .nsp file is a JSON object', 'invalid_input');
    const rules = groupOfNsp(document);
    if (typeof rules === 'string') return failure(400, rules, 'nsp_unsupported');
    const limit = typeof document.limit === 'number' ? document.limit : null;
    const sortName = typeof document.sort === 'string' ? document.sort.toLowerCase() : '';
    const sort = {
      field: sortName === 'random' ? 'random' : (NSP_FIELDS[sortName] ?? 'dateAdded'),
      order: document.order ?? 'asc',
    };
    const name = typeof document.name === 'string' ? document.name : 'Imported playlist';
    const description = typeof document.comment === 'string' ? document.comment : '';
    return createFor(user, { name, description, rules, sort, limit });
  }),

  on('POST /api/user/smart-playlists', async ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    return createFor(user, await request.json().catch(() => ({})));
  }),

  on('GET /api/user/smart-playlists/:id/nsp', ({ request, params }) => {
    const found = smartFor(request, String(params.id), 'read');
    if (found instanceof Response) return found;
    const { entry, criteria } = found;
    return HttpResponse.json({
      name: entry.playlist.name,
      comment: entry.playlist.description,
      ...nspOfGroup(criteria.rules),
      sort: nspName(criteria.sort.field),
      order: criteria.sort.order,
      ...(criteria.limit === null ? {} : { limit: criteria.limit }),
    });
  }),

  on('GET /api/user/smart-playlists/:id', ({ request, params }) => {
    const found = smartFor(request, String(params.id), 'read');
    if (found instanceof Response) return found;
    const view = smartView(found.entry, found.criteria);
    return ok({ ...view, songs: songsChosen(found.criteria, found.entry.playlist.owner._id) });
  }),

  on('PATCH /api/user/smart-playlists/:id', async ({ request, params }) => {
    const found = smartFor(request, String(params.id));
    if (found instanceof Response) return found;
    const body = parse(updateSmartPlaylistBodySchema, await request.json().catch(() => ({})));
    if ('error' in body) return body.error;
    const { entry, criteria } = found;
    const { name, description, isPublic, rules, sort, limit } = body.data;
    entry.playlist = {
      ...entry.playlist,
      ...(name === undefined ? {} : { name }),
      ...(description === undefined ? {} : { description }),
      ...(isPublic === undefined ? {} : { isPublic }),
    };
    const changed: SmartCriteria = {
      rules: rules ?? criteria.rules,
      sort: sort ?? criteria.sort,
      limit: limit === undefined ? criteria.limit : limit,
    };
    criteriaOf.set(entry, changed);
    refreshSmartPlaylists();
    return ok(smartView(entry, changed));
  }),

  on('DELETE /api/user/smart-playlists/:id', ({ request, params }) => {
    const found = smartFor(request, String(params.id));
    if (found instanceof Response) return found;
    store.playlists = store.playlists.filter((other) => other !== found.entry);
    return HttpResponse.json({ success: true, message: 'Playlist deleted.' });
  }),
];

function createFor(user: { _id: string; name: string }, input: unknown) {
  const body = parse(createSmartPlaylistBodySchema, input);
  if ('error' in body) return body.error;
  const { name, description, isPublic, rules, sort, limit } = body.data;
  const entry: StoredPlaylist = {
    playlist: {
      _id: nextId('playlist'),
      name,
      description,
      coverImage: '/media/defaults/playlist.jpg',
      isPublic,
      isDefault: false,
      owner: { _id: user._id, name: user.name },
      createdAt: new Date().toISOString(),
      isSmart: true,
    },
    songIds: [],
  };
  const criteria: SmartCriteria = { rules, sort, limit };
  criteriaOf.set(entry, criteria);
  store.playlists.unshift(entry);
  refreshSmartPlaylists();
  return ok(smartView(entry, criteria), 201);
}
