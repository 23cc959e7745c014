import {
  accountMessages,
  accountStatusBodySchema,
  streamingLimitBodySchema,
  changeRoleBodySchema,
  createInvitationBodySchema,
  createUserBodySchema,
  initialPasswordBodySchema,
  type AdminUser,
} from '@cadenza/contract/accounts';
import {
  adminCreatePlaylistBodySchema,
  adminMessages,
  adminUpdatePlaylistBodySchema,
  type AdminStats,
} from '@cadenza/contract/admin';
import {
  apiKeyMessages,
  createApiKeyBodySchema,
  MAX_API_KEYS_PER_USER,
} from '@cadenza/contract/api-keys';
import {
  forgotPasswordBodySchema,
  loginBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  type User,
} from '@cadenza/contract/auth';
import {
  albumListQuerySchema,
  ARTIST_TOP_SONGS,
  searchAllQuerystringSchema,
  type Album,
  type AlbumSort,
} from '@cadenza/contract/catalogue';
import { creditText } from '@cadenza/contract/artist-credit';
import { releaseGroupsOf } from '@cadenza/contract/release-groups';
import { chatBodySchema } from '@cadenza/contract/chat';
import {
  LIBRARY_UPLOAD_FIELD,
  libraryMessages,
  type LibraryUploadResult,
} from '@cadenza/contract/library';
import { MAX_PAGE_SIZE } from '@cadenza/contract/paging';
import { savePlayQueueBodySchema } from '@cadenza/contract/play-queue';
import { bookmarkMessages, saveBookmarkBodySchema } from '@cadenza/contract/bookmarks';
import { createShareBodySchema, shareMessages } from '@cadenza/contract/shares';
import { DEFAULT_PLAYER_SETTINGS, playerSettingsSchema } from '@cadenza/contract/player-settings';
import {
  createPlaylistBodySchema,
  moveSongBodySchema,
  playlistMessages,
  updatePlaylistBodySchema,
  type PlaylistWithSongs,
} from '@cadenza/contract/playlists';
import { PROFILE_SONGS_CAP, type Profile } from '@cadenza/contract/profile';
import { searchQuerystringSchema } from '@cadenza/contract/search';
import { siteSettingsPatchSchema, type SiteSettings } from '@cadenza/contract/site-settings';
import { seedUsersBodySchema } from '@cadenza/contract/seed';
import { songFieldsSchema, songFormMessages } from '@cadenza/contract/song-form';
import { songCatalogueFieldsSchema } from '@cadenza/contract/song-catalogue-form';
import { albumChangesSchema } from '@cadenza/contract/album-form';
import { HOME_ROW_SIZE, type GenreRow, type HomeRows } from '@cadenza/contract/home';
import {
  GENRES,
  removedDemoSongsMessage,
  songListQuerySchema,
  type RecentlyPlayedEntry,
  type Song,
} from '@cadenza/contract/songs';
import type { QuickStats } from '@cadenza/contract/stats';
import {
  contactBodySchema,
  feedbackBodySchema,
  issueTypeLabel,
  recommendLabel,
  supportMessages,
  usabilityLabel,
  ratingLabel,
} from '@cadenza/contract/support';
import { HttpResponse, type HttpHandler } from 'msw';
import type { ZodType } from 'zod';
import { failure, on } from './routes';
import {
  albumsOfTagGenre,
  genresFromForm,
  songsOfTagGenre,
  tagGenresMatching,
  tagGenresOf,
} from './tag-genres';
import { smartPlaylistHandlers } from './smart-playlists';
import {
  accountStateOf,
  findPlaylist,
  findSong,
  findUser,
  likedSongs,
  nextId,
  playlistView,
  savedSongs,
  store,
  toggleIn,
  type StoredPlaylist,
  UNCONFIGURED_SCAN,
} from './store';
import { scrobblingHandlers } from './scrobbling-handlers';
import { historyHandlers } from './history-handlers';
import { listeningStatsHandlers } from './listening-stats-handlers';
import { radioHandlers } from './radio-handlers';

/**
 * The API of docs/product.md §7 and docs/architecture.md §5 over the in-memory store: same paths, shapes, rules
 * (who may call what) and messages as the server, without its database. One handler per call.
 */

const SONG_NOT_FOUND = 'Song not found.';
const PLAYLIST_NOT_FOUND = 'Playlist not found.';
const NOT_YOUR_PLAYLIST = 'You can only change your own playlists.';
const DEFAULT_IS_READ_ONLY = 'Default playlists cannot be changed.';
const SONG_NOT_IN_PLAYLIST = 'This song is not in the playlist.';
const SONG_ALREADY_IN_PLAYLIST = 'This song is already in the playlist.';
const GENRE_NOT_FOUND = 'Genre not found.';
/** The admin song form's tag genres (a JSON list, or repeated fields), as the server reads them. */
const songGenresFieldSchema = songCatalogueFieldsSchema.pick({ genres: true });
/** The rest of Edit Song's Catalogue section: track, disc, artists with roles, lyrics. */
const songCatalogueEditSchema = songCatalogueFieldsSchema.omit({ genres: true });
const RECENT_USERS_SHOWN = 5;

const ok = <T>(data: T, status = 200) => HttpResponse.json({ success: true, data }, { status });
const message = (text: string, status = 200) =>
  HttpResponse.json({ success: true, message: text }, { status });

/** The caller of a request with a bearer token, or the 401 the server would answer. */
function authenticate(request: Request): User | Response {
  const token = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1];
  if (!token) return failure(401, 'Please log in to continue.', 'unauthorized');
  const user = findUser(store.sessions.get(token) ?? '');
  return user ?? failure(401, 'Your session has expired. Please log in again.', 'session_expired');
}

/** The administrator's site settings, as the server answers them. */
function siteSettingsOfStore(): SiteSettings {
  return {
    registration: store.config.registration,
    adminSecondFactorRequired: store.adminSecondFactorRequired,
    streamingQualityLimit: store.streamingQualityLimit,
  };
}

function authenticateAdmin(request: Request): User | Response {
  const user = authenticate(request);
  if (user instanceof Response || user.role === 'admin') return user;
  return failure(403, 'Administrators only.', 'admins_only');
}

/** The caller and the song a per-song listener call names, or the 401/404 the server would answer. */
function callerAndSong(request: Request, id: unknown): { user: User; songId: string } | Response {
  const user = authenticate(request);
  if (user instanceof Response) return user;
  const songId = String(id);
  if (!findSong(songId)) return failure(404, SONG_NOT_FOUND, 'song_not_found');
  return { user, songId };
}

function tokenOf(request: Request): string {
  return /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1] ?? '';
}

/** A JSON body, or the text fields and files of a multipart one (repeated fields as arrays). */
async function readFields(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('Content-Type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await request.formData();
    const fields: Record<string, unknown> = {};
    for (const name of new Set(form.keys())) {
      const values = form.getAll(name);
      fields[name] = values.length > 1 ? values : values[0];
    }
    return fields;
  }
  const text = await request.text();
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

type Parsed<T> = { data: T } | { error: Response };

/** Validation as the server does it: the contract's schema, the first message on failure. */
function parse<T>(schema: ZodType<T>, input: unknown): Parsed<T> {
  const result = schema.safeParse(input);
  if (result.success) return { data: result.data };
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.join('.'),
    code: issue.code,
    message: issue.message,
  }));
  return {
    error: HttpResponse.json(
      {
        success: false,
        code: 'invalid_input',
        message: errors[0]?.message ?? 'Invalid request.',
        errors,
      },
      { status: 400 },
    ),
  };
}

/** `{ success, data, nextCursor? }` for `limit` and `cursor` (the cursor is an offset here). */
function page<T>(items: readonly T[], url: URL) {
  const limit = Math.min(Number(url.searchParams.get('limit') ?? MAX_PAGE_SIZE), MAX_PAGE_SIZE);
  const start = Number(url.searchParams.get('cursor') ?? 0);
  const data = items.slice(start, start + limit);
  const next = start + limit;
  return HttpResponse.json({
    success: true,
    data,
    ...(next < items.length ? { nextCursor: String(next) } : {}),
  });
}

/**
 * Home's rows as far as the store knows them: its newest albums and each genre's songs. It keeps
 * no plays per artist, so tests that need "Artists you play most" answer GET /api/user/home.
 */
function homeRows(): HomeRows {
  const genres = GENRES.flatMap((genre): GenreRow[] => {
    const songs = store.songs.filter((song) => song.genre === genre);
    return songs.length > 0
      ? [{ genre, songCount: songs.length, songs: songs.slice(0, HOME_ROW_SIZE) }]
      : [];
  });
  const newAlbums = sortAlbums(store.albums, 'newest').slice(0, HOME_ROW_SIZE);
  return { newAlbums, topArtists: [], genres };
}

const newestFirst = <T extends { createdAt: string }>(items: readonly T[]) =>
  [...items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));

function session(user: User, status = 200, passwordChangeRequired = false) {
  const token = nextId('token');
  store.sessions.set(token, user._id);
  return HttpResponse.json(
    { success: true, token, user, ...(passwordChangeRequired ? { passwordChangeRequired } : {}) },
    { status },
  );
}

function adminUserOf(user: User): AdminUser {
  return { ...user, ...accountStateOf(user._id) };
}

/** The last active administrator stays one: the 409 the server answers, or null. */
function lastAdminRefusal(user: User, staysAdmin: boolean): Response | null {
  if (user.role !== 'admin' || staysAdmin || accountStateOf(user._id).disabled) return null;
  const active = store.users.filter(
    (other) => other.role === 'admin' && !accountStateOf(other._id).disabled,
  );
  return active.length <= 1 ? failure(409, accountMessages.lastAdmin, 'last_admin') : null;
}

function profileOf(user: User): Profile {
  return {
    ...user,
    likedSongs: likedSongs(user._id).slice(0, PROFILE_SONGS_CAP),
    savedSongs: savedSongs(user._id).slice(0, PROFILE_SONGS_CAP),
  };
}

function withSongs(entry: StoredPlaylist): PlaylistWithSongs {
  return {
    ...playlistView(entry),
    songs: entry.songIds.flatMap((id) => findSong(id) ?? []),
  };
}

function isAdminPlaylist({ playlist }: StoredPlaylist): boolean {
  return findUser(playlist.owner._id)?.role === 'admin';
}

/** docs/product.md §10.1: a listener sees their own playlists and every default public one. */
function visibleTo(user: User, { playlist }: StoredPlaylist): boolean {
  return playlist.owner._id === user._id || (playlist.isDefault && playlist.isPublic);
}

function recentlyPlayed(userId: string): RecentlyPlayedEntry[] {
  const latest = new Map<string, string>();
  for (const play of store.plays) {
    if (play.userId !== userId) continue;
    const known = latest.get(play.songId);
    if (!known || play.playedAt > known) latest.set(play.songId, play.playedAt);
  }
  return [...latest]
    .sort(([, a], [, b]) => b.localeCompare(a))
    .flatMap(([songId, playedAt]) => {
      const song = findSong(songId);
      return song ? [{ song, playedAt }] : [];
    });
}

/** Every word of the query starts a word of the title, artist, album or genre. */
function matches(song: Song, query: string): boolean {
  return startsWords(`${song.title} ${song.artist} ${song.album ?? ''} ${song.genre}`, query);
}

/** Every word of `query` starts a word of `text` (case ignored), as the server searches. */
function startsWords(text: string, query: string): boolean {
  const words = text.toLowerCase().split(/\s+/);
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => words.some((word) => word.startsWith(term)));
}

/** An album's tracks by disc, then track number. */
function tracksOf(albumId: string): Song[] {
  return store.songs
    .filter((song) => song.albumId === albumId)
    .sort(
      (a, b) =>
        (a.discNumber ?? 1) - (b.discNumber ?? 1) ||
        (a.trackNumber ?? Number.MAX_SAFE_INTEGER) - (b.trackNumber ?? Number.MAX_SAFE_INTEGER),
    );
}

function sortAlbums(albums: readonly Album[], sort: AlbumSort): Album[] {
  const by: Record<AlbumSort, (a: Album, b: Album) => number> = {
    newest: (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt),
    title: (a, b) => a.title.localeCompare(b.title),
    artist: (a, b) => a.artist.name.localeCompare(b.artist.name),
    year: (a, b) => (a.year ?? -1) - (b.year ?? -1),
    most_played: (a, b) => b.playCount - a.playCount,
  };
  return [...albums].sort(by[sort]);
}

function quickStats(): QuickStats {
  const genres = new Map<string, number>();
  for (const song of store.songs) genres.set(song.genre, (genres.get(song.genre) ?? 0) + 1);
  return {
    stats: { users: store.users.length, songs: store.songs.length },
    popularGenres: [...genres]
      .map(([genre, count]) => ({ _id: genre, count }))
      .sort((a, b) => b.count - a.count || a._id.localeCompare(b._id)),
    recentUsers: newestFirst(store.users)
      .slice(0, RECENT_USERS_SHOWN)
      .map(({ name, createdAt }) => ({ name, createdAt })),
  };
}

function removeSongEverywhere(songId: string): void {
  store.songs = store.songs.filter((song) => song._id !== songId);
  for (const lists of [store.likes, store.saves]) {
    for (const [userId, ids] of lists)
      lists.set(
        userId,
        ids.filter((id) => id !== songId),
      );
  }
  store.plays = store.plays.filter((play) => play.songId !== songId);
  for (const entry of store.playlists) entry.songIds = entry.songIds.filter((id) => id !== songId);
}

/** A file field of a multipart body (the runtime's own File class, not the page's). */
function isFile(value: unknown): value is File {
  return Object.prototype.toString.call(value) === '[object File]';
}

function coverOf(file: unknown, id: string, fallback: string): string {
  return isFile(file) ? `/media/covers/${id}.jpg` : fallback;
}

/**
 * The playlist a listener changes, or the answer that refuses it: 404 unknown or hidden, 403
 * default or someone else's.
 */
function changeablePlaylist(request: Request, id: string): StoredPlaylist | Response {
  const user = authenticate(request);
  if (user instanceof Response) return user;
  const entry = findPlaylist(id);
  if (!entry || !(entry.playlist.isPublic || entry.playlist.owner._id === user._id))
    return failure(404, PLAYLIST_NOT_FOUND, 'playlist_not_found');
  if (entry.playlist.isDefault)
    return failure(403, DEFAULT_IS_READ_ONLY, 'default_playlist_read_only');
  if (entry.playlist.owner._id !== user._id)
    return failure(403, NOT_YOUR_PLAYLIST, 'not_playlist_owner');
  return entry;
}

/** Adds or removes one song of a playlist, for its owner (listener) or any admin. */
function changePlaylistSong(
  entry: StoredPlaylist | undefined,
  songId: string,
  change: 'add' | 'remove',
): Response {
  if (!entry) return failure(404, PLAYLIST_NOT_FOUND, 'playlist_not_found');
  if (change === 'add') {
    if (!findSong(songId)) return failure(404, SONG_NOT_FOUND, 'song_not_found');
    if (entry.songIds.includes(songId))
      return failure(409, SONG_ALREADY_IN_PLAYLIST, 'song_already_in_playlist');
    entry.songIds.push(songId);
  } else {
    if (!entry.songIds.includes(songId))
      return failure(404, SONG_NOT_IN_PLAYLIST, 'song_not_in_playlist');
    entry.songIds = entry.songIds.filter((id) => id !== songId);
  }
  return ok(withSongs(entry));
}

const authHandlers = [
  on('POST /api/auth/register', async ({ request }) => {
    const body = parse(registerBodySchema, await readFields(request));
    if ('error' in body) return body.error;
    const email = body.data.email.toLowerCase();
    const invited = store.invitations.find((entry) => entry.token === body.data.invitation);
    if (body.data.invitation !== undefined) {
      if (!invited) return failure(400, accountMessages.invalidInvitation, 'invalid_invitation');
      if (invited.invitation.email !== null && invited.invitation.email !== email) {
        return failure(400, accountMessages.invitationEmailMismatch, 'invitation_email_mismatch');
      }
    } else if (store.config.registration === 'closed') {
      return failure(403, accountMessages.registrationClosed, 'registration_closed');
    } else if (store.config.registration === 'invite') {
      return failure(403, accountMessages.invitationRequired, 'invitation_required');
    }
    if (store.users.some((user) => user.email.toLowerCase() === email)) {
      return failure(409, 'An account with this email already exists.', 'email_taken');
    }
    if (invited) store.invitations = store.invitations.filter((entry) => entry !== invited);
    const user: User = {
      _id: nextId('user'),
      name: body.data.name,
      email: body.data.email,
      role: invited?.invitation.role ?? 'user',
      profileImage: null,
      createdAt: new Date().toISOString(),
    };
    store.users.unshift(user);
    store.passwords.set(user._id, body.data.password);
    return session(user, 201);
  }),

  on('POST /api/auth/login', async ({ request }) => {
    const body = parse(loginBodySchema, await readFields(request));
    if ('error' in body) return body.error;
    const email = body.data.email.toLowerCase();
    const user = store.users.find((account) => account.email.toLowerCase() === email);
    if (!user || store.passwords.get(user._id) !== body.data.password) {
      return failure(401, 'Invalid email or password', 'invalid_credentials');
    }
    const state = accountStateOf(user._id);
    if (state.disabled) return failure(403, accountMessages.accountDisabled, 'account_disabled');
    return session(user, 200, state.passwordChangeRequired);
  }),

  on('PUT /api/auth/initial-password', async ({ request }) => {
    const user = findUser(store.sessions.get(tokenOf(request)) ?? '');
    if (!user) return failure(401, 'Please log in to continue.', 'unauthorized');
    const body = parse(initialPasswordBodySchema, await readFields(request));
    if ('error' in body) return body.error;
    store.passwords.set(user._id, body.data.password);
    store.accountStates.set(user._id, {
      ...accountStateOf(user._id),
      passwordChangeRequired: false,
    });
    for (const [token, userId] of store.sessions) {
      if (userId === user._id) store.sessions.delete(token);
    }
    return session(user);
  }),

  on('GET /api/auth/invitations/:token', ({ params }) => {
    const found = store.invitations.find((entry) => entry.token === String(params.token));
    if (!found) return failure(404, accountMessages.invalidInvitation, 'invalid_invitation');
    return ok({ email: found.invitation.email, expiresAt: found.invitation.expiresAt });
  }),

  on('POST /api/auth/logout', ({ request }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    store.sessions.delete(tokenOf(request));
    return message('You have been logged out.');
  }),

  on('POST /api/auth/forgot-password', async ({ request }) => {
    const body = parse(forgotPasswordBodySchema, await readFields(request));
    if ('error' in body) return body.error;
    const email = body.data.email.toLowerCase();
    const user = store.users.find((account) => account.email.toLowerCase() === email);
    if (user) store.passwordResets.set(nextId('reset'), user._id);
    return message(
      'If an account exists for that email, a password reset link has been sent to it.',
    );
  }),

  on('PUT /api/auth/reset-password/:resetToken', async ({ request, params }) => {
    const body = parse(resetPasswordBodySchema, await readFields(request));
    if ('error' in body) return body.error;
    const resetToken = String(params.resetToken);
    const user = findUser(store.passwordResets.get(resetToken) ?? '');
    if (!user) {
      return failure(
        400,
        'This password reset link is invalid or has expired. Please request a new one.',
        'invalid_reset_token',
      );
    }
    store.passwordResets.delete(resetToken);
    store.passwords.set(user._id, body.data.password);
    // A reset ends every session of the account (docs/architecture.md §5), then logs in afresh.
    for (const [token, userId] of store.sessions) {
      if (userId === user._id) store.sessions.delete(token);
    }
    return session(user);
  }),
];

const generalHandlers = [
  on('GET /api/general/config', () => ok(store.config)),

  on('GET /api/general/songs', ({ request }) =>
    // Visitors get no audio URLs (the server's rule): listeners play their own copies.
    page(
      store.songs.map((song) => ({ ...song, audioFile: null })),
      new URL(request.url),
    ),
  ),

  on('GET /api/general/stats/quick', () => ok(quickStats())),

  on('POST /api/general/seed/users', async ({ request }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    if (!store.config.seedUsersEnabled) {
      return failure(403, 'Seeding test users is disabled on this server.', 'seeding_disabled');
    }
    const body = parse(seedUsersBodySchema, await readFields(request));
    if ('error' in body) return body.error;
    const users = Array.from({ length: body.data.count }, () => {
      const id = nextId('seeded');
      const user: User = {
        _id: id,
        name: `Test User ${id}`,
        email: `${id}@seed.cadenza.local`,
        role: 'user',
        profileImage: null,
        createdAt: new Date().toISOString(),
      };
      store.users.unshift(user);
      return user;
    });
    const noun = users.length === 1 ? 'user' : 'users';
    return HttpResponse.json(
      {
        success: true,
        message: `Created ${users.length} test ${noun}.`,
        data: {
          count: users.length,
          users: users.map(({ _id, name, email }) => ({ _id, name, email })),
        },
      },
      { status: 201 },
    );
  }),
];

const listenerHandlers = [
  on('GET /api/user/profile', ({ request }) => {
    const user = authenticate(request);
    return user instanceof Response ? user : ok(profileOf(user));
  }),

  on('GET /api/user/songs', ({ request }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    const url = new URL(request.url);
    const query = parse(songListQuerySchema, Object.fromEntries(url.searchParams));
    if ('error' in query) return query.error;
    const genre = query.data.genre;
    return page(genre ? store.songs.filter((song) => song.genre === genre) : store.songs, url);
  }),

  on('GET /api/user/home', ({ request }) => {
    const user = authenticate(request);
    return user instanceof Response ? user : ok(homeRows());
  }),

  on('GET /api/user/songs/liked', ({ request }) => {
    const user = authenticate(request);
    return user instanceof Response ? user : page(likedSongs(user._id), new URL(request.url));
  }),

  on('GET /api/user/songs/saved', ({ request }) => {
    const user = authenticate(request);
    return user instanceof Response ? user : page(savedSongs(user._id), new URL(request.url));
  }),

  on('GET /api/user/songs/marks', ({ request }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    return ok({ liked: store.likes.get(user._id) ?? [], saved: store.saves.get(user._id) ?? [] });
  }),

  on('GET /api/user/songs/recently-played', ({ request }) => {
    const user = authenticate(request);
    return user instanceof Response ? user : ok(recentlyPlayed(user._id));
  }),

  on('GET /api/user/songs/search', ({ request }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    const query = parse(
      searchQuerystringSchema,
      Object.fromEntries(new URL(request.url).searchParams),
    );
    if ('error' in query) return query.error;
    return ok(store.songs.filter((song) => matches(song, query.data.query)));
  }),

  on('POST /api/user/songs/:id/play', ({ request, params }) => {
    const found = callerAndSong(request, params.id);
    if (found instanceof Response) return found;
    const { user, songId } = found;
    store.plays.push({ userId: user._id, songId, playedAt: new Date().toISOString() });
    return message('Play recorded.');
  }),

  on('PUT /api/user/songs/:id/like', ({ request, params }) => {
    const found = callerAndSong(request, params.id);
    if (found instanceof Response) return found;
    const { user, songId } = found;
    return HttpResponse.json({ success: true, liked: toggleIn(store.likes, user._id, songId) });
  }),

  on('PUT /api/user/songs/:id/save', ({ request, params }) => {
    const found = callerAndSong(request, params.id);
    if (found instanceof Response) return found;
    const { user, songId } = found;
    return HttpResponse.json({ success: true, saved: toggleIn(store.saves, user._id, songId) });
  }),

  on('GET /api/user/songs/:id/lyrics', ({ request, params }) => {
    const found = callerAndSong(request, params.id);
    if (found instanceof Response) return found;
    return ok({ lyrics: store.lyrics.get(found.songId) ?? null });
  }),

  on('GET /api/user/bookmarks', ({ request }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    const own = [...store.bookmarks.entries()]
      .filter(([key]) => key.startsWith(`${user._id}/`))
      .map(([, bookmark]) => bookmark);
    return ok(own.sort((a, b) => b.changedAt.localeCompare(a.changedAt)));
  }),

  on('GET /api/user/songs/:id/bookmark', ({ request, params }) => {
    const found = callerAndSong(request, params.id);
    if (found instanceof Response) return found;
    return ok({ bookmark: store.bookmarks.get(`${found.user._id}/${found.songId}`) ?? null });
  }),

  on('PUT /api/user/songs/:id/bookmark', async ({ request, params }) => {
    const found = callerAndSong(request, params.id);
    if (found instanceof Response) return found;
    const body = parse(saveBookmarkBodySchema, await request.json().catch(() => ({})));
    if ('error' in body) return body.error;
    const key = `${found.user._id}/${found.songId}`;
    const kept = store.bookmarks.get(key);
    const song = findSong(found.songId)!;
    const now = new Date().toISOString();
    const bookmark = {
      song,
      positionMs: Math.min(body.data.positionMs, song.durationMs),
      comment: body.data.comment ?? kept?.comment ?? null,
      createdAt: kept?.createdAt ?? now,
      changedAt: now,
    };
    store.bookmarks.set(key, bookmark);
    return ok(bookmark);
  }),

  on('DELETE /api/user/songs/:id/bookmark', ({ request, params }) => {
    const found = callerAndSong(request, params.id);
    if (found instanceof Response) return found;
    if (!store.bookmarks.delete(`${found.user._id}/${found.songId}`)) {
      return failure(404, bookmarkMessages.notFound, 'bookmark_not_found');
    }
    return HttpResponse.json({ success: true, message: bookmarkMessages.removed });
  }),

  on('GET /api/user/shares', ({ request }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    return ok(store.shares.filter((kept) => kept.ownerId === user._id).map((kept) => kept.share));
  }),

  on('POST /api/user/shares', async ({ request }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    const body = parse(createShareBodySchema, await request.json().catch(() => ({})));
    if ('error' in body) return body.error;
    const { kind, itemIds, description, expiresAt, allowDownload } = body.data;
    const songIds =
      kind === 'songs'
        ? itemIds
        : kind === 'album'
          ? store.songs.filter((song) => song.albumId === itemIds[0]).map((song) => song._id)
          : (store.playlists.find((kept) => kept.playlist._id === itemIds[0])?.songIds ?? []);
    const first = store.songs.find((song) => song._id === songIds[0]);
    if (!first) return failure(404, SONG_NOT_FOUND, 'song_not_found');
    const id = `share${store.shares.length + 1}`.padEnd(22, 'x');
    const share = {
      _id: id,
      path: `/share/${id}`,
      kind,
      title: songIds.length > 1 ? `${first.title} and ${songIds.length - 1} more` : first.title,
      description: description || null,
      expiresAt: expiresAt ?? null,
      allowDownload: allowDownload ?? false,
      viewCount: 0,
      playCount: 0,
      lastViewedAt: null,
      createdAt: new Date().toISOString(),
    };
    store.shares.unshift({ share, ownerId: user._id, ownerName: user.name, songIds });
    return ok(share, 201);
  }),

  on('DELETE /api/user/shares/:id', ({ request, params }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    const at = store.shares.findIndex(
      (kept) => kept.share._id === params.id && kept.ownerId === user._id,
    );
    if (at < 0) return failure(404, shareMessages.notFound, 'share_not_found');
    store.shares.splice(at, 1);
    return HttpResponse.json({ success: true, message: shareMessages.revoked });
  }),

  on('GET /api/shares/:id', ({ params }) => {
    const kept = store.shares.find((candidate) => candidate.share._id === params.id);
    if (!kept) return failure(404, shareMessages.notFound, 'share_not_found');
    const { share } = kept;
    if (share.expiresAt !== null && Date.parse(share.expiresAt) <= Date.now()) {
      return failure(410, shareMessages.expired, 'share_expired');
    }
    kept.share = { ...share, viewCount: share.viewCount + 1 };
    const songs = kept.songIds.flatMap((id) => store.songs.filter((song) => song._id === id));
    return ok({
      _id: share._id,
      kind: share.kind,
      title: share.title,
      description: share.description,
      sharedBy: kept.ownerName,
      expiresAt: share.expiresAt,
      allowDownload: share.allowDownload,
      coverImage: songs[0]?.coverImage ?? '/media/defaults/song.jpg',
      songs,
    });
  }),

  on('POST /api/shares/:id/plays', ({ params }) => {
    const kept = store.shares.find((candidate) => candidate.share._id === params.id);
    if (!kept) return failure(404, shareMessages.notFound, 'share_not_found');
    kept.share = { ...kept.share, playCount: kept.share.playCount + 1 };
    return HttpResponse.json({ success: true, message: 'Play counted' });
  }),

  on('GET /api/user/songs/:id/download', ({ request, params }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    const song = findSong(String(params.id));
    if (!song) return failure(404, SONG_NOT_FOUND, 'song_not_found');
    const clean = (text: string) => text.replace(/[^\p{L}\p{N}_]/gu, '') || 'unknown';
    const name = `${clean(song.title)}_${clean(song.artist)}_Cadenza.mp3`;
    return new HttpResponse(new Uint8Array([0x49, 0x44, 0x33]), {
      headers: {
        'Content-Type': 'audio/mpeg',
        'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
      },
    });
  }),

  on('GET /api/user/playlists', ({ request }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    const visible = store.playlists.filter((entry) => visibleTo(user, entry)).map(playlistView);
    return page(visible, new URL(request.url));
  }),

  on('GET /api/user/playlists/:id', ({ request, params }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    const entry = findPlaylist(String(params.id));
    const shown = entry && (entry.playlist.isPublic || entry.playlist.owner._id === user._id);
    return shown ? ok(withSongs(entry)) : failure(404, PLAYLIST_NOT_FOUND, 'playlist_not_found');
  }),

  on('POST /api/user/playlists', async ({ request }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    const fields = await readFields(request);
    const body = parse(createPlaylistBodySchema, fields);
    if ('error' in body) return body.error;
    const id = nextId('playlist');
    const entry: StoredPlaylist = {
      playlist: {
        _id: id,
        name: body.data.name,
        description: body.data.description,
        coverImage: coverOf(fields.coverImage, id, '/media/defaults/playlist.jpg'),
        isPublic: body.data.isPublic,
        isDefault: false,
        owner: { _id: user._id, name: user.name },
        createdAt: new Date().toISOString(),
      },
      songIds: [],
    };
    store.playlists.unshift(entry);
    return ok(playlistView(entry), 201);
  }),

  ...(['PUT', 'DELETE'] as const).map((method) =>
    on(`${method} /api/user/playlists/:playlistId/songs/:songId`, ({ request, params }) => {
      const entry = changeablePlaylist(request, String(params.playlistId));
      if (entry instanceof Response) return entry;
      return changePlaylistSong(entry, String(params.songId), method === 'PUT' ? 'add' : 'remove');
    }),
  ),

  on('PUT /api/user/playlists/:playlistId/songs/:songId/position', async ({ request, params }) => {
    const entry = changeablePlaylist(request, String(params.playlistId));
    if (entry instanceof Response) return entry;
    const body = parse(moveSongBodySchema, await request.json().catch(() => ({})));
    if ('error' in body) return body.error;
    const songId = String(params.songId);
    if (!entry.songIds.includes(songId))
      return failure(404, SONG_NOT_IN_PLAYLIST, 'song_not_in_playlist');
    const { position } = body.data;
    if (position >= entry.songIds.length) {
      const text = `Position must be from 0 to ${entry.songIds.length - 1}.`;
      return failure(400, text, 'position_out_of_range');
    }
    const rest = entry.songIds.filter((id) => id !== songId);
    entry.songIds = [...rest.slice(0, position), songId, ...rest.slice(position)];
    return ok(withSongs(entry));
  }),

  on('PATCH /api/user/playlists/:id', async ({ request, params }) => {
    const entry = changeablePlaylist(request, String(params.id));
    if (entry instanceof Response) return entry;
    const fields = await readFields(request);
    const body = parse(updatePlaylistBodySchema, fields);
    if ('error' in body) return body.error;
    const { removeCover, ...changes } = body.data;
    const defined = Object.entries(changes).filter(([, value]) => value !== undefined);
    if (defined.length === 0 && removeCover === undefined && fields.coverImage === undefined)
      return failure(400, playlistMessages.nothingToChange, 'empty_body');
    const id = entry.playlist._id;
    const cover = removeCover
      ? '/media/defaults/playlist.jpg'
      : coverOf(fields.coverImage, `${id}-${nextId('cover')}`, entry.playlist.coverImage);
    entry.playlist = { ...entry.playlist, ...Object.fromEntries(defined), coverImage: cover };
    return ok(playlistView(entry));
  }),

  on('DELETE /api/user/playlists/:id', ({ request, params }) => {
    const entry = changeablePlaylist(request, String(params.id));
    if (entry instanceof Response) return entry;
    store.playlists = store.playlists.filter((other) => other !== entry);
    return message('Playlist deleted.');
  }),
];

const adminHandlers = [
  on('GET /api/admin/stats', ({ request }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    const { stats, popularGenres } = quickStats();
    const answer: AdminStats = {
      totalUsers: stats.users,
      totalSongs: stats.songs,
      songsByGenre: popularGenres,
    };
    return ok(answer);
  }),

  on('GET /api/admin/users', ({ request }) => {
    const admin = authenticateAdmin(request);
    return admin instanceof Response
      ? admin
      : page(newestFirst(store.users).map(adminUserOf), new URL(request.url));
  }),

  on('POST /api/admin/users', async ({ request }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    const body = parse(createUserBodySchema, await readFields(request));
    if ('error' in body) return body.error;
    const email = body.data.email.toLowerCase();
    if (store.users.some((user) => user.email.toLowerCase() === email)) {
      return failure(409, 'An account with this email already exists.', 'email_taken');
    }
    const user: User = {
      _id: nextId('user'),
      name: body.data.name,
      email,
      role: body.data.role,
      profileImage: null,
      createdAt: new Date().toISOString(),
    };
    store.users.unshift(user);
    store.passwords.set(user._id, body.data.password);
    store.accountStates.set(user._id, {
      disabled: false,
      passwordChangeRequired: true,
      lastActiveAt: null,
      streamingQualityLimit: 'original',
    });
    return ok(adminUserOf(user), 201);
  }),

  on('PUT /api/admin/users/:id/role', async ({ request, params }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    const body = parse(changeRoleBodySchema, await readFields(request));
    if ('error' in body) return body.error;
    const user = findUser(String(params.id));
    if (!user) return failure(404, adminMessages.userNotFound, 'user_not_found');
    const refusal = lastAdminRefusal(user, body.data.role === 'admin');
    if (refusal) return refusal;
    const changed = { ...user, role: body.data.role };
    store.users = store.users.map((other) => (other === user ? changed : other));
    return ok(adminUserOf(changed));
  }),

  on('PUT /api/admin/users/:id/status', async ({ request, params }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    const body = parse(accountStatusBodySchema, await readFields(request));
    if ('error' in body) return body.error;
    const user = findUser(String(params.id));
    if (!user) return failure(404, adminMessages.userNotFound, 'user_not_found');
    const refusal = body.data.disabled ? lastAdminRefusal(user, false) : null;
    if (refusal) return refusal;
    store.accountStates.set(user._id, { ...accountStateOf(user._id), ...body.data });
    if (body.data.disabled) {
      for (const [token, userId] of store.sessions) {
        if (userId === user._id) store.sessions.delete(token);
      }
    }
    return ok(adminUserOf(user));
  }),

  on('PUT /api/admin/users/:id/streaming-limit', async ({ request, params }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    const body = parse(streamingLimitBodySchema, await readFields(request));
    if ('error' in body) return body.error;
    const user = findUser(String(params.id));
    if (!user) return failure(404, adminMessages.userNotFound, 'user_not_found');
    store.accountStates.set(user._id, { ...accountStateOf(user._id), ...body.data });
    return ok(adminUserOf(user));
  }),

  on('POST /api/admin/users/:id/password-reset', ({ request, params }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    const user = findUser(String(params.id));
    if (!user) return failure(404, adminMessages.userNotFound, 'user_not_found');
    store.passwordResets.set(nextId('reset'), user._id);
    return message(accountMessages.resetSent);
  }),

  on('GET /api/admin/invitations', ({ request }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    return ok(store.invitations.map((entry) => entry.invitation));
  }),

  on('POST /api/admin/invitations', async ({ request }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    const body = parse(createInvitationBodySchema, await readFields(request));
    if ('error' in body) return body.error;
    const token = nextId('invite');
    const now = Date.now();
    const invitation = {
      _id: nextId('invitation'),
      email: body.data.email?.toLowerCase() ?? null,
      role: body.data.role,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + body.data.expiresInDays * 86_400_000).toISOString(),
    };
    store.invitations.unshift({ invitation, token });
    const link = `http://localhost:3000/signup?invite=${token}`;
    return ok({ ...invitation, link, sent: body.data.send && invitation.email !== null }, 201);
  }),

  on('DELETE /api/admin/invitations/:id', ({ request, params }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    const before = store.invitations.length;
    store.invitations = store.invitations.filter(
      (entry) => entry.invitation._id !== String(params.id),
    );
    if (store.invitations.length === before) {
      return failure(404, accountMessages.invitationNotFound, 'invitation_not_found');
    }
    return message(accountMessages.invitationRevoked);
  }),

  on('GET /api/admin/settings', ({ request }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    return ok(siteSettingsOfStore());
  }),

  on('PATCH /api/admin/settings', async ({ request }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    const body = parse(siteSettingsPatchSchema, await readFields(request));
    if ('error' in body) return body.error;
    const { registration, adminSecondFactorRequired, streamingQualityLimit } = body.data;
    if (registration !== undefined) store.config = { ...store.config, registration };
    if (streamingQualityLimit !== undefined) store.streamingQualityLimit = streamingQualityLimit;
    if (adminSecondFactorRequired !== undefined) {
      store.adminSecondFactorRequired = adminSecondFactorRequired;
    }
    return ok(siteSettingsOfStore());
  }),

  on('DELETE /api/admin/users/:id', ({ request, params }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    const user = findUser(String(params.id));
    if (!user) return failure(404, adminMessages.userNotFound, 'user_not_found');
    if (user.role === 'admin')
      return failure(403, adminMessages.adminNotDeletable, 'admin_not_deletable');
    store.users = store.users.filter((other) => other !== user);
    for (const [token, userId] of store.sessions) {
      if (userId === user._id) store.sessions.delete(token);
    }
    store.likes.delete(user._id);
    store.saves.delete(user._id);
    store.plays = store.plays.filter((play) => play.userId !== user._id);
    store.playlists = store.playlists.filter((entry) => entry.playlist.owner._id !== user._id);
    return message('User deleted.');
  }),

  on('GET /api/admin/songs', ({ request }) => {
    const admin = authenticateAdmin(request);
    return admin instanceof Response ? admin : page(store.songs, new URL(request.url));
  }),

  on('POST /api/admin/songs/inspect', async ({ request }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    const { audioFile } = await readFields(request);
    if (!isFile(audioFile)) return failure(400, songFormMessages.audioRequired, 'audio_required');
    return ok(
      store.audioTags.get(audioFile.name) ?? {
        title: null,
        artist: null,
        album: null,
        genre: null,
        releaseYear: null,
        duration: null,
        coverImage: null,
      },
    );
  }),

  on('POST /api/admin/songs', async ({ request }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    const fields = await readFields(request);
    if (!isFile(fields.audioFile))
      return failure(400, songFormMessages.audioRequired, 'audio_required');
    const body = parse(songFieldsSchema, fields);
    if ('error' in body) return body.error;
    const typedGenres = parse(songGenresFieldSchema, fields);
    if ('error' in typedGenres) return typedGenres.error;
    const id = nextId('song');
    const song: Song = {
      _id: id,
      title: body.data.title ?? 'Unknown Title',
      artist: body.data.artist ?? 'Unknown Artist',
      album: body.data.album ?? null,
      genre: body.data.genre ?? 'other',
      releaseYear: body.data.releaseYear ?? null,
      duration: body.data.duration ?? 0,
      coverImage: coverOf(fields.coverImage, id, '/media/defaults/song.jpg'),
      audioFile: `/media/audio/${id}.mp3`,
      createdAt: new Date().toISOString(),
      albumId: `album-${id}`,
      artists: [{ _id: `artist-${id}`, name: body.data.artist ?? 'Unknown Artist', role: 'main' }],
      displayArtist: body.data.artist ?? 'Unknown Artist',
      trackNumber: null,
      discNumber: null,
      durationMs: (body.data.duration ?? 0) * 1000,
      replayGain: { trackGain: null, trackPeak: null, albumGain: null, albumPeak: null },
      genres: genresFromForm(store.songs, typedGenres.data.genres, body.data.genre ?? 'other'),
    };
    store.songs.unshift(song);
    return ok(song, 201);
  }),

  on('PUT /api/admin/songs/:id', async ({ request, params }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    const song = findSong(String(params.id));
    if (!song) return failure(404, adminMessages.songNotFound, 'song_not_found');
    const fields = await readFields(request);
    const body = parse(songFieldsSchema, fields);
    if ('error' in body) return body.error;
    const typedGenres = parse(songGenresFieldSchema, fields);
    if ('error' in typedGenres) return typedGenres.error;
    const catalogue = parse(songCatalogueEditSchema, fields);
    if ('error' in catalogue) return catalogue.error;
    const { trackNumber, discNumber, artists: credits, lyrics } = catalogue.data;
    const defined = Object.fromEntries(
      Object.entries(body.data).filter(([, value]) => value !== undefined),
    );
    const edited = {
      ...song,
      ...defined,
      coverImage: coverOf(fields.coverImage, song._id, song.coverImage),
    };
    // Artists set by hand are credited as set (their text following them unless typed anew); a
    // new artist text credits its artist anew, as the server links it.
    const artistTyped = body.data.artist !== undefined && body.data.artist !== song.artist;
    const artists: Song['artists'] = credits
      ? credits.map(({ name, role }) => ({ _id: `artist-${name}`, name, role }))
      : artistTyped && body.data.artist !== undefined
        ? [{ _id: `artist-${song._id}`, name: body.data.artist, role: 'main' }]
        : song.artists;
    const artist = credits && !artistTyped ? creditText(song.artist, credits) : edited.artist;
    if (lyrics === '') store.lyrics.delete(song._id);
    else if (lyrics !== undefined) {
      store.lyrics.set(song._id, {
        songId: song._id,
        synced: false,
        language: null,
        offsetMs: 0,
        source: 'edited',
        lines: lyrics.split('\n').map((value) => ({ start: null, value })),
      });
    }
    const typed = typedGenres.data.genres;
    const updated: Song = {
      ...edited,
      artist,
      artists,
      displayArtist: creditText(artist, artists),
      trackNumber: trackNumber ?? song.trackNumber,
      discNumber: discNumber ?? song.discNumber,
      genres: typed === undefined ? song.genres : genresFromForm(store.songs, typed, edited.genre),
    };
    store.songs = store.songs.map((other) => (other === song ? updated : other));
    return ok(updated);
  }),

  // The mock's library never holds the demo songs (tests seed their own): none to remove.
  on('DELETE /api/admin/songs/demo', ({ request }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    return HttpResponse.json({
      success: true,
      message: removedDemoSongsMessage(0),
      data: { removed: 0 },
    });
  }),

  on('DELETE /api/admin/songs/:id', ({ request, params }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    const songId = String(params.id);
    if (!findSong(songId)) return failure(404, adminMessages.songNotFound, 'song_not_found');
    removeSongEverywhere(songId);
    return message('Song deleted.');
  }),

  on('PUT /api/admin/albums/:id', async ({ request, params }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    const album = store.albums.find((entry) => entry._id === params.id);
    if (!album) return failure(404, 'Album not found.', 'album_not_found');
    const fields = await readFields(request);
    const body = parse(albumChangesSchema, fields);
    if ('error' in body) return body.error;
    const { title, albumArtist, year, genres } = body.data;
    const artist =
      albumArtist === undefined || albumArtist === album.artist.name
        ? album.artist
        : { _id: `artist-${album._id}`, name: albumArtist };
    // Its songs show the new title, and take the genres given.
    store.songs = store.songs.map((song) => {
      if (song.albumId !== album._id) return song;
      return {
        ...song,
        album: song.album === null ? null : title,
        genres:
          genres === undefined ? song.genres : genresFromForm(store.songs, genres, song.genre),
      };
    });
    const edited: Album = {
      ...album,
      title,
      artist,
      year: year ?? album.year,
      genres: tracksOf(album._id)[0]?.genres ?? album.genres,
      coverImage: coverOf(fields.coverImage, album._id, album.coverImage),
    };
    store.albums = store.albums.map((entry) => (entry === album ? edited : entry));
    return ok(edited);
  }),

  on('GET /api/admin/playlists', ({ request }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    const mine = store.playlists.filter(isAdminPlaylist).map(playlistView);
    return page(mine, new URL(request.url));
  }),

  on('GET /api/admin/playlists/:id', ({ request, params }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    const entry = findPlaylist(String(params.id));
    return entry && isAdminPlaylist(entry)
      ? ok(withSongs(entry))
      : failure(404, adminMessages.playlistNotFound, 'playlist_not_found');
  }),

  on('POST /api/admin/playlists', async ({ request }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    const fields = await readFields(request);
    const body = parse(adminCreatePlaylistBodySchema, fields);
    if ('error' in body) return body.error;
    const missing = body.data.songs.find((songId) => !findSong(songId));
    if (missing) return failure(404, SONG_NOT_FOUND, 'song_not_found');
    const id = nextId('playlist');
    const entry: StoredPlaylist = {
      playlist: {
        _id: id,
        name: body.data.name,
        description: body.data.description,
        coverImage: coverOf(fields.coverImage, id, '/media/defaults/playlist.jpg'),
        isPublic: body.data.isPublic,
        isDefault: body.data.isDefault,
        owner: { _id: admin._id, name: admin.name },
        createdAt: new Date().toISOString(),
      },
      songIds: [...new Set(body.data.songs)],
    };
    store.playlists.unshift(entry);
    return ok(playlistView(entry), 201);
  }),

  on('PUT /api/admin/playlists/:id', async ({ request, params }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    const entry = findPlaylist(String(params.id));
    if (!entry || !isAdminPlaylist(entry))
      return failure(404, adminMessages.playlistNotFound, 'playlist_not_found');
    const fields = await readFields(request);
    const body = parse(adminUpdatePlaylistBodySchema, fields);
    if ('error' in body) return body.error;
    const defined = Object.fromEntries(
      Object.entries(body.data).filter(([, value]) => value !== undefined),
    );
    entry.playlist = {
      ...entry.playlist,
      ...defined,
      coverImage: coverOf(fields.coverImage, entry.playlist._id, entry.playlist.coverImage),
    };
    return ok(playlistView(entry));
  }),

  on('DELETE /api/admin/playlists/:id', ({ request, params }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    const entry = findPlaylist(String(params.id));
    if (!entry || !isAdminPlaylist(entry))
      return failure(404, adminMessages.playlistNotFound, 'playlist_not_found');
    store.playlists = store.playlists.filter((other) => other !== entry);
    return message('Playlist deleted.');
  }),

  ...(['PUT', 'DELETE'] as const).map((method) =>
    on(`${method} /api/admin/playlists/:playlistId/songs/:songId`, ({ request, params }) => {
      const admin = authenticateAdmin(request);
      if (admin instanceof Response) return admin;
      const entry = findPlaylist(String(params.playlistId));
      if (entry && !isAdminPlaylist(entry))
        return failure(404, adminMessages.playlistNotFound, 'playlist_not_found');
      return changePlaylistSong(entry, String(params.songId), method === 'PUT' ? 'add' : 'remove');
    }),
  ),

  on('POST /api/admin/library/uploads', async ({ request }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    const file = (await readFields(request))[LIBRARY_UPLOAD_FIELD];
    if (!isFile(file)) return failure(400, songFormMessages.audioRequired, 'audio_required');
    const refusal = store.refusedUploads.get(file.name);
    if (refusal) return failure(refusal.status, refusal.message, refusal.code);
    const content = await file.text();
    const known = findSong(store.libraryContents.get(content) ?? '');
    if (known) return ok<LibraryUploadResult>({ outcome: 'duplicate', song: known });
    const id = nextId('song');
    const tags = store.audioTags.get(file.name);
    const title = tags?.title ?? file.name.replace(/\.[^.]+$/, '');
    const artist = tags?.artist ?? 'Unknown Artist';
    const song: Song = {
      _id: id,
      title,
      artist,
      album: tags?.album ?? null,
      genre: tags?.genre ?? 'other',
      releaseYear: tags?.releaseYear ?? null,
      duration: tags?.duration ?? 0,
      coverImage: '/media/defaults/song.jpg',
      audioFile: `/media/audio/${id}.mp3`,
      createdAt: new Date().toISOString(),
      albumId: `album-${id}`,
      artists: [{ _id: `artist-${id}`, name: artist, role: 'main' }],
      displayArtist: artist,
      trackNumber: null,
      discNumber: null,
      durationMs: (tags?.duration ?? 0) * 1000,
      replayGain: { trackGain: null, trackPeak: null, albumGain: null, albumPeak: null },
      genres: genresFromForm(store.songs, undefined, tags?.genre ?? 'other'),
    };
    store.songs.unshift(song);
    store.libraryContents.set(content, id);
    return ok<LibraryUploadResult>({ outcome: 'added', song }, 201);
  }),

  on('GET /api/admin/library/scan', ({ request }) => {
    const admin = authenticateAdmin(request);
    return admin instanceof Response ? admin : ok(store.libraryScan);
  }),

  on('POST /api/admin/library/scan', ({ request }) => {
    const admin = authenticateAdmin(request);
    if (admin instanceof Response) return admin;
    if (!store.libraryScan.configured)
      return failure(409, libraryMessages.notConfigured, 'library_not_configured');
    if (!store.libraryScan.running) {
      store.libraryScan = {
        ...UNCONFIGURED_SCAN,
        configured: true,
        folders: store.libraryScan.folders,
        transcoding: store.libraryScan.transcoding,
        running: true,
        startedAt: new Date().toISOString(),
      };
    }
    return ok(store.libraryScan, 202);
  }),

  on('GET /api/admin/messages', ({ request }) => {
    const admin = authenticateAdmin(request);
    return admin instanceof Response ? admin : page(store.contactMessages, new URL(request.url));
  }),

  on('GET /api/admin/feedback', ({ request }) => {
    const admin = authenticateAdmin(request);
    return admin instanceof Response ? admin : page(store.feedback, new URL(request.url));
  }),
];

const supportHandlers = [
  on('POST /api/support/contact', async ({ request }) => {
    const body = parse(contactBodySchema, await readFields(request));
    if ('error' in body) return body.error;
    store.contactMessages.unshift({
      _id: nextId('message'),
      name: body.data.name,
      email: body.data.email,
      subject: body.data.subject ?? null,
      message: body.data.message,
      issueType: body.data.issueType,
      issueTypeLabel: issueTypeLabel(body.data.issueType),
      createdAt: new Date().toISOString(),
    });
    return message(supportMessages.contactSent, 201);
  }),

  on('POST /api/support/feedback', async ({ request }) => {
    const body = parse(feedbackBodySchema, await readFields(request));
    if ('error' in body) return body.error;
    const answers = body.data;
    store.feedback.unshift({
      _id: nextId('feedback'),
      rating: answers.rating,
      ratingText: ratingLabel(answers.rating),
      usability: answers.usability,
      usabilityText: usabilityLabel(answers.usability),
      liked: answers.liked ?? null,
      improvements: answers.improvements ?? null,
      recommend: answers.recommend,
      recommendText: recommendLabel(answers.recommend),
      additionalFeedback: answers.additionalFeedback ?? null,
      user: answers.user,
      createdAt: new Date().toISOString(),
    });
    return message(supportMessages.feedbackSent, 201);
  }),

  on('POST /api/chat', async ({ request }) => {
    const body = parse(chatBodySchema, await readFields(request));
    if ('error' in body) return body.error;
    return ok(
      store.chatReplies.shift() ?? {
        reply: 'I can help with playlists, playback and your account.',
        suggestions: [],
      },
    );
  }),
];

/**
 * The likes of albums or artists: their liked list (a page at a time), their marks and the
 * toggle, each before `/:id`, which would take `liked` and `marks` for ids.
 */
function likeHandlers(kind: 'album' | 'artist') {
  const path = `/api/user/${kind}s`;
  const notFound = kind === 'album' ? 'Album not found.' : 'Artist not found.';
  // Read at each call: the store's lists are new ones in each test.
  const items = (): readonly { _id: string }[] => (kind === 'album' ? store.albums : store.artists);
  const likes = () => (kind === 'album' ? store.albumLikes : store.artistLikes);
  const likedOf = (userId: string) =>
    (likes().get(userId) ?? []).flatMap((id) => items().find((item) => item._id === id) ?? []);
  return [
    on(`GET ${path}/liked`, ({ request }) => {
      const user = authenticate(request);
      return user instanceof Response ? user : page(likedOf(user._id), new URL(request.url));
    }),
    on(`GET ${path}/marks`, ({ request }) => {
      const user = authenticate(request);
      return user instanceof Response ? user : ok({ liked: likes().get(user._id) ?? [] });
    }),
    on(`PUT ${path}/:id/like`, ({ request, params }) => {
      const user = authenticate(request);
      if (user instanceof Response) return user;
      const id = String(params.id);
      if (!items().some((item) => item._id === id)) {
        return failure(404, notFound, `${kind}_not_found`);
      }
      return HttpResponse.json({ success: true, liked: toggleIn(likes(), user._id, id) });
    }),
  ];
}

/** Albums, artists and the search of all three (GET /api/user/albums…, artists…, search/all). */
const catalogueHandlers = [
  on('GET /api/user/albums', ({ request }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    const url = new URL(request.url);
    const query = parse(albumListQuerySchema, Object.fromEntries(url.searchParams));
    if ('error' in query) return query.error;
    return page(sortAlbums(store.albums, query.data.sort), url);
  }),

  ...likeHandlers('album'),
  ...likeHandlers('artist'),

  on('GET /api/user/albums/:id', ({ request, params }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    const album = store.albums.find((entry) => entry._id === params.id);
    if (!album) return failure(404, 'Album not found.', 'album_not_found');
    const songs = tracksOf(album._id);
    return ok({
      ...album,
      originalReleaseDate: null,
      recordLabels: [],
      discTitles: [],
      musicBrainzId: null,
      ...store.albumDetails.get(album._id),
      durationMs: songs.reduce((total, song) => total + song.durationMs, 0),
      songs,
    });
  }),

  on('GET /api/user/artists', ({ request }) => {
    const user = authenticate(request);
    return user instanceof Response ? user : page(store.artists, new URL(request.url));
  }),

  on('GET /api/user/artists/:id', ({ request, params }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    const artist = store.artists.find((entry) => entry._id === params.id);
    if (!artist) return failure(404, 'Artist not found.', 'artist_not_found');
    const newestFirst = (albums: readonly Album[]) => sortAlbums(albums, 'year').reverse();
    const own = store.albums.filter((album) => album.artist._id === artist._id);
    const appearsOn = store.albums.filter(
      (album) =>
        album.artist._id !== artist._id &&
        tracksOf(album._id).some((song) =>
          song.artists.some((credit) => credit._id === artist._id),
        ),
    );
    return ok({
      ...artist,
      albums: releaseGroupsOf(newestFirst(own)).flatMap((group) => group.albums),
      appearsOn: newestFirst(appearsOn),
      appearsOnCount: appearsOn.length,
      topSongs: store.songs
        .filter((song) => song.artists.some((credit) => credit._id === artist._id))
        .slice(0, ARTIST_TOP_SONGS),
    });
  }),

  on('GET /api/user/search/all', ({ request }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    const query = parse(
      searchAllQuerystringSchema,
      Object.fromEntries(new URL(request.url).searchParams),
    );
    if ('error' in query) return query.error;
    const text = query.data.query;
    return ok({
      songs: store.songs.filter((song) => matches(song, text)),
      albums: store.albums.filter((album) => startsWords(album.title, text)),
      artists: store.artists.filter((artist) => startsWords(artist.name, text)),
      genres: tagGenresMatching(store.songs, text),
    });
  }),
];

/** A listener's keys for phone apps; the list never carries the key itself. */
const apiKeyHandlers = [
  on('GET /api/user/api-keys', ({ request }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    const own = store.apiKeys.filter((entry) => entry.userId === user._id);
    return ok(
      own.map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt })),
    );
  }),

  on('POST /api/user/api-keys', async ({ request }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    const body = parse(createApiKeyBodySchema, await request.json().catch(() => ({})));
    if ('error' in body) return body.error;
    const held = store.apiKeys.filter((entry) => entry.userId === user._id).length;
    if (held >= MAX_API_KEYS_PER_USER) {
      return failure(409, apiKeyMessages.tooMany, 'too_many_api_keys');
    }
    const id = nextId('api-key');
    const entry = {
      id,
      name: body.data.name,
      createdAt: new Date().toISOString(),
      lastUsedAt: null,
      userId: user._id,
      key: `cdz_${nextId('secret')}`,
    };
    store.apiKeys.push(entry);
    return ok({ id, name: entry.name, createdAt: entry.createdAt, key: entry.key }, 201);
  }),

  on('DELETE /api/user/api-keys/:id', ({ request, params }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    const index = store.apiKeys.findIndex(
      (entry) => entry.id === String(params.id) && entry.userId === user._id,
    );
    if (index < 0) return failure(404, 'API key not found.', 'api_key_not_found');
    store.apiKeys.splice(index, 1);
    return message('API key revoked.');
  }),
];

/** What follows the listener between browsers: playback settings and the saved queue. */
const playerHandlers = [
  on('GET /api/user/player-settings', ({ request }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    return ok(store.playerSettings.get(user._id) ?? DEFAULT_PLAYER_SETTINGS);
  }),

  on('PUT /api/user/player-settings', async ({ request }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    const body = parse(playerSettingsSchema, await request.json().catch(() => ({})));
    if ('error' in body) return body.error;
    store.playerSettings.set(user._id, body.data);
    return ok(body.data);
  }),

  on('GET /api/user/play-queue', ({ request }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    const saved = store.playQueues.get(user._id);
    if (!saved) return ok(null);
    const { songIds, currentIndex, ...rest } = saved;
    const kept = songIds.flatMap((id, index) =>
      store.songs.filter((song) => song._id === id).map((song) => ({ song, index })),
    );
    const at = currentIndex ?? songIds.indexOf(rest.currentSongId ?? '');
    const place = kept.findIndex((entry) => entry.index >= at);
    const current = kept[place]?.index === at ? rest.currentSongId : null;
    return ok({
      ...rest,
      currentSongId: current,
      currentIndex: at < 0 || kept.length === 0 ? null : place < 0 ? kept.length - 1 : place,
      positionMs: current === null ? 0 : rest.positionMs,
      songs: kept.map((entry) => entry.song),
    });
  }),

  on('PUT /api/user/play-queue', async ({ request }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    const body = parse(savePlayQueueBodySchema, await request.json().catch(() => ({})));
    if ('error' in body) return body.error;
    const { songIds, currentSongId, currentIndex, positionMs, device } = body.data;
    if (songIds.some((id) => !store.songs.some((song) => song._id === id))) {
      return failure(404, SONG_NOT_FOUND, 'song_not_found');
    }
    if (songIds.length === 0) {
      store.playQueues.delete(user._id);
      return ok(null);
    }
    const stamp = { changedAt: new Date().toISOString(), changedBy: device ?? 'Chrome on Linux' };
    store.playQueues.set(user._id, {
      songIds,
      currentSongId,
      currentIndex: currentIndex ?? null,
      positionMs,
      ...stamp,
    });
    return ok(stamp);
  }),
];

/** The tag genres (GET /api/user/genres…): what the store's songs are tagged with. */
const tagGenreHandlers = [
  on('GET /api/user/genres', ({ request }) => {
    const user = authenticate(request);
    return user instanceof Response ? user : ok({ genres: tagGenresOf(store.songs) });
  }),

  on('GET /api/user/genres/:id', ({ request, params }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    const genre = tagGenresOf(store.songs).find((entry) => entry._id === params.id);
    return genre ? ok(genre) : failure(404, GENRE_NOT_FOUND, 'genre_not_found');
  }),

  on('GET /api/user/genres/:id/albums', ({ request, params }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    const id = String(params.id);
    if (!tagGenresOf(store.songs).some((entry) => entry._id === id))
      return failure(404, GENRE_NOT_FOUND, 'genre_not_found');
    return page(albumsOfTagGenre(store.albums, store.songs, id), new URL(request.url));
  }),

  on('GET /api/user/genres/:id/songs', ({ request, params }) => {
    const user = authenticate(request);
    if (user instanceof Response) return user;
    const id = String(params.id);
    if (!tagGenresOf(store.songs).some((entry) => entry._id === id))
      return failure(404, GENRE_NOT_FOUND, 'genre_not_found');
    return page(songsOfTagGenre(store.songs, id), new URL(request.url));
  }),
];

export const handlers: HttpHandler[] = [
  ...scrobblingHandlers,
  ...historyHandlers,
  ...listeningStatsHandlers,
  ...radioHandlers,
  ...smartPlaylistHandlers,
  ...tagGenreHandlers,
  ...playerHandlers,
  ...apiKeyHandlers,
  ...authHandlers,
  ...generalHandlers,
  ...listenerHandlers,
  ...catalogueHandlers,
  ...adminHandlers,
  ...supportHandlers,
];
