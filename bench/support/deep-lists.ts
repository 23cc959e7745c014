// The keyset-paged lists of bench/lists.ts: for each, the endpoint a client calls, who may call
// it, how many rows it has, and the cursor of a page deep in it, made from the row at that
// position read straight from the database in the list's own order (so that a page a million
// rows deep needs no walk of a million rows). Cursors are wrapped as the server wraps them
// (apps/server/src/paging.ts and the modules' own cursor letters).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema';
import { toIso } from '../../apps/server/src/db/schema';
import { playlistCursorPosition } from '../../apps/server/src/modules/playlists/playlist-cursor';
import { encodeCursor, keysetPosition } from '../../apps/server/src/paging';

/** Rows a page holds: every page is asked for with this limit. */
export const PAGE = 50;

/** Who calls a list: the listener with the most rows of it, or the administrator. */
export type Caller = 'listener' | 'admin';

interface Row {
  readonly id: string;
  readonly created_at: Date | string;
}

export interface DeepList {
  readonly name: string;
  /** The first page's path (with `limit`); a deep page adds `cursor`. */
  readonly path: string;
  readonly caller: Caller;
  /** The table whose rows per user pick the listener (the one with the most), if per user. */
  readonly perUser?: { readonly table: string; readonly column: string };
  /** Rows in the list as `userId` sees it. */
  count(db: Kysely<Database>, userId: string): Promise<number>;
  /** The cursor of the page after the row at `offset` (from 0) in the list's order; null if unpaged. */
  cursorAfter(db: Kysely<Database>, userId: string, offset: number): Promise<string | null>;
}

async function countOf(db: Kysely<Database>, from: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${from}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The row at `offset` of `select` ordered by `order` (raw SQL: both databases read it alike). */
async function rowAt(
  db: Kysely<Database>,
  select: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
  offset: number,
): Promise<Row> {
  const { rows } = await sql<Row>`${select} ORDER BY ${order} LIMIT 1 OFFSET ${offset}`.execute(db);
  const row = rows[0];
  if (!row) throw new Error(`no row at ${offset}`);
  return row;
}

const newestFirst = sql`created_at DESC, id DESC`;
const keyset = (row: Row) =>
  encodeCursor(keysetPosition({ createdAt: toIso(row.created_at), id: row.id }));

/** A whole table, newest first by (created_at, id). */
function newestTable(name: string, path: string, table: string, caller: Caller): DeepList {
  return {
    name,
    path,
    caller,
    count: (db) => countOf(db, sql.table(table)),
    cursorAfter: async (db, _user, offset) =>
      keyset(
        await rowAt(db, sql`SELECT id, created_at FROM ${sql.table(table)}`, newestFirst, offset),
      ),
  };
}

/** An album listing ordered by `order`, whose cursors are `letter` and the album's id. */
function albumList(sort: string, letter: string, order: RawBuilder<unknown>): DeepList {
  return {
    name: `albums by ${sort}`,
    path: `/api/user/albums?sort=${sort}&limit=${PAGE}`,
    caller: 'listener',
    count: (db) => countOf(db, sql`albums`),
    cursorAfter: async (db, _user, offset) =>
      encodeCursor(
        letter + (await rowAt(db, sql`SELECT id, created_at FROM albums`, order, offset)).id,
      ),
  };
}

/** A listener's likes or saves, newest mark first by (the mark's created_at, song id). */
function markedList(name: string, path: string, table: 'likes' | 'saves'): DeepList {
  const select = (userId: string) =>
    sql`SELECT song_id AS id, created_at FROM ${sql.table(table)} WHERE user_id = ${userId}`;
  return {
    name,
    path: `${path}?limit=${PAGE}`,
    caller: 'listener',
    perUser: { table, column: 'user_id' },
    count: (db, userId) => countOf(db, sql`(${select(userId)}) AS marks`),
    cursorAfter: async (db, userId, offset) =>
      keyset(await rowAt(db, select(userId), newestFirst, offset)),
  };
}

/** An inbox of the admin area: newest first by its UUIDv7 ids alone. */
function inboxList(name: string, path: string, table: 'contact_messages' | 'feedback'): DeepList {
  return {
    name,
    path: `${path}?limit=${PAGE}`,
    caller: 'admin',
    count: (db) => countOf(db, sql.table(table)),
    cursorAfter: async (db, _user, offset) =>
      encodeCursor(
        (await rowAt(db, sql`SELECT id, created_at FROM ${sql.table(table)}`, sql`id DESC`, offset))
          .id,
      ),
  };
}

/** Catalogue.repository's NO_YEAR: albums without a year come last of the year order. */
const NO_YEAR = -1;

export const DEEP_LISTS: readonly DeepList[] = [
  newestTable('songs', `/api/user/songs?limit=${PAGE}`, 'songs', 'listener'),
  albumList('newest', 'n', newestFirst),
  albumList('title', 't', sql`title_key ASC, id ASC`),
  albumList('year', 'y', sql`coalesce(year, ${sql.lit(NO_YEAR)}) DESC, title_key ASC, id ASC`),
  {
    name: 'artists',
    path: `/api/user/artists?limit=${PAGE}`,
    caller: 'listener',
    count: (db) => countOf(db, sql`artists`),
    cursorAfter: async (db, _user, offset) =>
      encodeCursor(
        'r' +
          (
            await rowAt(
              db,
              sql`SELECT id, created_at FROM artists`,
              sql`sort_key ASC, id ASC`,
              offset,
            )
          ).id,
      ),
  },
  {
    // The listener's own playlists come first, then the default ones: the deep page is in
    // their own section, where a listener with many playlists spends their time.
    name: 'playlists (own)',
    path: `/api/user/playlists?limit=${PAGE}`,
    caller: 'listener',
    perUser: { table: 'playlists', column: 'owner_id' },
    count: (db, userId) =>
      countOf(db, sql`(SELECT id FROM playlists WHERE owner_id = ${userId}) AS own`),
    cursorAfter: async (db, userId, offset) => {
      const row = await rowAt(
        db,
        sql`SELECT id, created_at FROM playlists WHERE owner_id = ${userId}`,
        newestFirst,
        offset,
      );
      return encodeCursor(
        playlistCursorPosition({ section: 'own', createdAt: toIso(row.created_at), id: row.id }),
      );
    },
  },
  markedList('liked', '/api/user/songs/liked', 'likes'),
  markedList('saved', '/api/user/songs/saved', 'saves'),
  {
    // Not paged: one list of up to RECENTLY_PLAYED_MAX songs, so it has no deep page; its
    // first page is still timed, against the smaller library's.
    name: 'recently played',
    path: '/api/user/songs/recently-played',
    caller: 'listener',
    perUser: { table: 'plays', column: 'user_id' },
    count: (db, userId) =>
      countOf(db, sql`(SELECT id FROM plays WHERE user_id = ${userId}) AS played`),
    cursorAfter: () => Promise.resolve(null),
  },
  newestTable('admin: accounts', `/api/admin/users?limit=${PAGE}`, 'users', 'admin'),
  inboxList('admin inbox: messages', '/api/admin/messages', 'contact_messages'),
  inboxList('admin inbox: feedback', '/api/admin/feedback', 'feedback'),
];

/** The user with the most rows in `table` (by `column`), and how many. */
export async function heaviestUser(
  db: Kysely<Database>,
  table: string,
  column: string,
): Promise<{ userId: string; rows: number } | null> {
  const { rows } = await sql<{ user_id: string; n: number | string }>`
    SELECT ${sql.ref(column)} AS user_id, count(*) AS n FROM ${sql.table(table)}
    GROUP BY ${sql.ref(column)} ORDER BY n DESC LIMIT 1`.execute(db);
  const row = rows[0];
  return row ? { userId: row.user_id, rows: Number(row.n) } : null;
}
