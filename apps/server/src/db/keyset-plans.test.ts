import { CompiledQuery, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageQuery } from '@cadenza/contract/paging';
import type { SmartCriteria } from '@cadenza/contract/smart-playlists';
import { GENRES } from '@cadenza/contract/songs';
import { createTestApp, testDialect, type TestApp } from '../../test/test-app';
import { QueryRecorder } from '../../test/query-plugins';
import { newId } from '../ids';
import { CatalogueRepository } from '../modules/catalogue/catalogue.repository';
import { HistoryRepository } from '../modules/history/history.repository';
import { playlistCursorPosition } from '../modules/playlists/playlist-cursor';
import { PlaylistsRepository } from '../modules/playlists/playlists.repository';
import { SongsRepository } from '../modules/songs/songs.repository';
import { UsersRepository } from '../modules/users/users.repository';
import { encodeCursor, keysetPosition } from '../paging';
import type { Database } from './schema';

/**
 * Every keyset-paged list, read a page deep into thousands of rows by the repositories
 * themselves: the database must start the read at the cursor in the index of the list's order,
 * not walk (or sort) every row before the page.
 */

/** Rows per table: enough that PostgreSQL, with statistics, prefers an index to a sequential scan. */
const ROWS = 2000;
/** The row each page starts after: halfway down each list. */
const MIDDLE = ROWS / 2;
const PAGE = 50;
/** Rows per insert: within both databases' limits on parameters. */
const BATCH = 1000;

let t: TestApp;
let db: Kysely<Database>;
const listenerId = newId();
const adminId = newId();

/** Row `i` was created `i` seconds after the first: the newest is the last. */
const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString();
const ids = Array.from({ length: ROWS }, () => newId());
/** A tenth of the playlists are the listener's own, a tenth the administrator's. */
const isTenth = (i: number, offset = 0) => i % 10 === offset;
const [GENRE, ...OTHER_GENRES] = GENRES;
/** The playlists: twice as many as the other rows, of which the listener's own and the defaults. */
const playlistIds = Array.from({ length: 2 * ROWS }, () => newId());

async function insertInBatches<T extends keyof Database>(
  table: T,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + BATCH) as never)
      .execute();
  }
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  const users = ids.map((id, i) => ({
    id,
    name: `User ${i}`,
    email: `user${i}@example.com`,
    password_hash: 'x',
    role: 'user',
    created_at: at(i),
  }));
  users.push(
    { ...users[0]!, id: listenerId, email: 'listener@example.com' },
    { ...users[0]!, id: adminId, email: 'admin@example.com', role: 'admin' },
  );
  await insertInBatches('users', users);
  await insertInBatches(
    'songs',
    ids.map((id, i) => ({
      id,
      title: `Song ${i}`,
      artist: `Artist ${i}`,
      // Half of the songs are of one genre.
      genre: i % 2 === 0 ? GENRE : OTHER_GENRES[i % OTHER_GENRES.length],
      duration: 180,
      audio_key: `audio/${id}.mp3`,
      audio_mime: 'audio/mpeg',
      audio_bytes: 1024,
      created_at: at(i),
    })),
  );
  for (const mark of ['likes', 'saves'] as const) {
    await insertInBatches(
      mark,
      ids.map((id, i) => ({ user_id: listenerId, song_id: id, created_at: at(i) })),
    );
  }
  await insertInBatches(
    'playlists',
    playlistIds.map((id, i) => {
      const kind = isTenth(i) ? 'own' : isTenth(i, 5) ? 'default' : 'other';
      return {
        id,
        owner_id: kind === 'own' ? listenerId : kind === 'default' ? adminId : ids[i % ROWS],
        name: `Playlist ${i}`,
        is_public: kind === 'own' ? 0 : 1,
        is_default: kind === 'default' ? 1 : 0,
        created_at: at(i),
      };
    }),
  );
  await insertInBatches(
    'artists',
    ids.map((id, i) => ({
      id,
      name: `Artist ${i}`,
      name_key: `artist ${i}`,
      sort_name: `Artist ${i}`,
      sort_key: `artist ${String(i).padStart(5, '0')}`,
      created_at: at(i),
    })),
  );
  await insertInBatches(
    'albums',
    ids.map((id, i) => ({
      id,
      group_key: `album ${i}`,
      title: `Album ${i}`,
      title_key: `album ${String(i).padStart(5, '0')}`,
      album_artist_id: id,
      year: i % 10 === 0 ? null : 1950 + (i % 70),
      created_at: at(i),
    })),
  );
  // The listener played every song; each other user one.
  await insertInBatches('last_plays', [
    ...ids.map((id, i) => ({ user_id: listenerId, song_id: id, played_at: at(i), play_id: i })),
    ...ids.map((id, i) => ({ user_id: id, song_id: id, played_at: at(i), play_id: ROWS + i })),
  ]);
  // The listener liked every album and every artist.
  for (const kind of ['album', 'artist'] as const) {
    await insertInBatches(
      'catalogue_stars',
      ids.map((id, i) => ({ user_id: listenerId, kind, item_id: id, created_at: at(i) })),
    );
  }
  // PostgreSQL plans by statistics, which a live database has and a fresh schema lacks.
  if (testDialect === 'postgres')
    await db.executeQuery(
      CompiledQuery.raw(
        'ANALYZE users, songs, likes, saves, playlists, artists, albums, last_plays, catalogue_stars',
      ),
    );
}, 120_000);
afterAll(() => t.close());

/** The queries `read` runs through the repositories, on a database that records them. */
async function queriesOf(
  read: (recorded: Kysely<Database>) => Promise<unknown>,
): Promise<CompiledQuery[]> {
  return (await recordedRead(read)).queries;
}

/** The queries `read` builds (subqueries too) and the statements it runs. */
async function recordedRead(read: (recorded: Kysely<Database>) => Promise<unknown>) {
  const recorder = new QueryRecorder(db);
  await read(db.withPlugin(recorder));
  return recorder;
}

/** How a page read reads its table: scans and searches of it, and whether it sorts the rows. */
interface TableRead {
  readonly kind: string;
  readonly index: string | null;
  /** The conditions that bound the read of the index (not those checked row by row after). */
  readonly bounds: string;
}

async function readsOf(
  query: CompiledQuery,
  table: string,
): Promise<{ reads: TableRead[]; sorts: boolean }> {
  if (testDialect === 'postgres') {
    const result = await db.executeQuery<{ 'QUERY PLAN': { Plan: PgPlan }[] }>(
      CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${query.sql}`, [...query.parameters]),
    );
    const plan = result.rows[0]!['QUERY PLAN'][0]!.Plan;
    const reads: TableRead[] = [];
    let sorts = false;
    const walk = (node: PgPlan) => {
      if (node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort') sorts = true;
      if (node['Relation Name'] === table) {
        reads.push({
          kind: node['Node Type'],
          index: node['Index Name'] ?? null,
          bounds: node['Index Cond'] ?? '',
        });
      }
      // Correlated subqueries (counts, covers) read other rows per row of the page: not the list.
      for (const child of node.Plans ?? []) {
        if (
          child['Parent Relationship'] !== 'SubPlan' &&
          child['Parent Relationship'] !== 'InitPlan'
        )
          walk(child);
      }
    };
    walk(plan);
    return { reads, sorts };
  }
  const result = await db.executeQuery<{ id: number; parent: number; detail: string }>(
    CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
  );
  // As on PostgreSQL, a subquery read once before the rows (the cursor's row) is not the list.
  const parents = new Map(result.rows.map((row) => [row.id, row]));
  const beforeTheRows = (row: { parent: number; detail: string }): boolean =>
    row.detail.startsWith('SCALAR SUBQUERY') ||
    (row.parent !== 0 && beforeTheRows(parents.get(row.parent) ?? { parent: 0, detail: '' }));
  const reads = result.rows.flatMap((row): TableRead[] => {
    if (beforeTheRows(row)) return [];
    const match = /^(SCAN|SEARCH) (\w+)(?: USING (?:COVERING )?INDEX (\w+))?(?: \((.*)\))?/.exec(
      row.detail,
    );
    if (!match || match[2] !== table) return [];
    return [{ kind: match[1]!, index: match[3] ?? null, bounds: match[4] ?? '' }];
  });
  const sorts = result.rows.some(
    (row) => row.parent === 0 && row.detail.startsWith('USE TEMP B-TREE FOR'),
  );
  return { reads, sorts };
}

interface PgPlan {
  readonly 'Node Type': string;
  readonly 'Relation Name'?: string;
  readonly 'Index Name'?: string;
  readonly 'Index Cond'?: string;
  readonly 'Parent Relationship'?: string;
  readonly Plans?: PgPlan[];
}

interface KeysetList {
  readonly name: string;
  readonly table: string;
  readonly index: string;
  /** Another index in the same order that the database may rightly prefer, if any. */
  readonly alternative?: string;
  /** What the index read's bounds name on PostgreSQL: the list's first ordering column. */
  readonly bound: RegExp;
  /**
   * What they name on SQLite, where they show their columns' comparisons: by default any range
   * at all.
   */
  readonly sqliteBound?: RegExp;
  /**
   * Whether the read may sort what it found: only where it merges the ranges of a few owners,
   * each read from the cursor on in its index.
   */
  readonly merges?: boolean;
  /**
   * Whether the page is one statement with nothing else read of its table: its cursor names a
   * row whose values the statement itself reads, not a query before it.
   */
  readonly oneStatement?: boolean;
  /** Reads a page deep in the list, through the given database. */
  read(recorded: Kysely<Database>): Promise<unknown>;
}

/** A page after the row `i` of a newest-first list. */
const after = (i: number): PageQuery => ({
  limit: PAGE,
  cursor: encodeCursor(keysetPosition({ createdAt: at(i), id: ids[i]! })),
});
/** A page of a listener's playlists after the playlist `i`, in its section. */
const afterPlaylist = (i: number, section: 'own' | 'default'): PageQuery => ({
  limit: PAGE,
  cursor: encodeCursor(playlistCursorPosition({ section, createdAt: at(i), id: playlistIds[i]! })),
});

/**
 * The bounds of a read of albums by year from the cursor on, in that order's index: one
 * comparison of the row of all three of its columns (PostgreSQL's `ROW(...) > ROW(...)`,
 * SQLite's `(year_order,title_key,id)>(?,?,?)`, on its generated column).
 */
const YEAR_ORDER_BOUND = /^\(ROW\(.*COALESCE.*title_key.*id\) > /i;
const YEAR_ORDER_SQLITE_BOUND = /^\(year_order,title_key,id\)>\(\?,\?,\?\)$/;

const LISTS: KeysetList[] = [
  {
    name: 'songs',
    table: 'songs',
    index: 'songs_created_at_idx',
    bound: /created_at/,
    read: (recorded) => new SongsRepository(recorded).page(after(MIDDLE)),
  },
  {
    name: "one genre's songs",
    table: 'songs',
    index: 'songs_genre_created_idx',
    // Where the genre is a large share of the songs, PostgreSQL may read them all newest first
    // from the cursor on instead, checking the genre of each: as bounded, and as good.
    alternative: 'songs_created_at_idx',
    bound: /created_at/,
    read: (recorded) => new SongsRepository(recorded).page(after(MIDDLE), GENRE),
  },
  {
    name: 'liked songs',
    table: 'likes',
    index: 'likes_user_created_idx',
    bound: /created_at/,
    read: (recorded) =>
      new SongsRepository(recorded).markedPage('likes', listenerId, after(MIDDLE)),
  },
  {
    name: 'the library (saved songs)',
    table: 'saves',
    index: 'saves_user_created_idx',
    bound: /created_at/,
    read: (recorded) =>
      new SongsRepository(recorded).markedPage('saves', listenerId, after(MIDDLE)),
  },
  {
    name: 'the admin area’s accounts',
    table: 'users',
    index: 'users_created_id_idx',
    bound: /created_at/,
    read: (recorded) => new UsersRepository(recorded).page(after(MIDDLE)),
  },
  {
    // The administrators' playlists: each administrator's read from the cursor on, then merged.
    name: 'the admin area’s playlists',
    table: 'playlists',
    index: 'playlists_owner_created_idx',
    bound: /created_at/,
    merges: true,
    read: (recorded) =>
      new PlaylistsRepository(recorded, testDialect).page(
        { kind: 'admin-area' },
        {
          limit: PAGE,
          cursor: encodeCursor(
            keysetPosition({ createdAt: at(ROWS + 5), id: playlistIds[ROWS + 5]! }),
          ),
        },
      ),
  },
  {
    name: 'a listener’s own playlists',
    table: 'playlists',
    index: 'playlists_owner_created_idx',
    bound: /created_at/,
    read: (recorded) =>
      new PlaylistsRepository(recorded, testDialect).page(
        { kind: 'listener', userId: listenerId },
        afterPlaylist(ROWS, 'own'),
      ),
  },
  {
    name: 'the default playlists a listener sees',
    table: 'playlists',
    index: 'playlists_default_created_idx',
    bound: /created_at/,
    read: (recorded) =>
      new PlaylistsRepository(recorded, testDialect).page(
        { kind: 'listener', userId: listenerId },
        afterPlaylist(ROWS + 5, 'default'),
      ),
  },
  ...(
    [
      ['newest', 'n', 'albums_created_at_idx', /created_at/],
      ['title', 't', 'albums_title_idx', /title_key/],
      // The whole order bounds the read, not the year alone: no album of the cursor's year
      // before the cursor is read (a bound on the year alone starts at the first of them).
      ['year', 'y', 'albums_by_year_idx', YEAR_ORDER_BOUND, YEAR_ORDER_SQLITE_BOUND],
    ] as const
  ).map(([sort, letter, index, bound, sqliteBound]): KeysetList => ({
    name: `albums by ${sort}`,
    table: 'albums',
    index,
    bound,
    ...(sqliteBound ? { sqliteBound } : {}),
    oneStatement: true,
    read: (recorded) =>
      new CatalogueRepository(recorded).albumPage(sort, {
        limit: PAGE,
        // An album with a year (every tenth has none), so that many years follow its own.
        cursor: encodeCursor(letter + ids[MIDDLE + 5]!),
      }),
  })),
  {
    name: 'artists',
    table: 'artists',
    index: 'artists_sort_idx',
    bound: /sort_key/,
    oneStatement: true,
    read: (recorded) =>
      new CatalogueRepository(recorded).artistPage({
        limit: PAGE,
        cursor: encodeCursor('r' + ids[MIDDLE]!),
      }),
  },
];

describe('a page deep in a keyset-paged list', () => {
  it.each(LISTS)('of $name starts at its cursor in $index', async (list) => {
    const { queries, executed } = await recordedRead(list.read);
    // The page read: the query of the list's table that ends in the page's limit (the lookup of
    // a cursor's row by id, or the counts of a page's rows, are not it).
    const pageReads = queries.filter(
      (query) =>
        / limit (\?|\$\d+)$/i.test(query.sql) && query.sql.includes(`from "${list.table}"`),
    );
    expect(pageReads.length, queries.map((query) => query.sql).join('\n')).toBeGreaterThan(0);
    // The cursor is resolved inside the page read: nothing runs before it (what completes the
    // page's rows, their genres say, may follow it).
    if (list.oneStatement)
      expect(
        executed.map((query) => query.sql).slice(0, pageReads.length),
        'the page read first, with no lookup of the cursor before it',
      ).toEqual(pageReads.map((query) => query.sql));
    for (const query of pageReads) {
      const { reads, sorts } = await readsOf(query, list.table);
      const detail = JSON.stringify({ sql: query.sql, reads, sorts });
      expect(reads.length, detail).toBeGreaterThan(0);
      for (const read of reads) {
        expect([list.index, list.alternative], detail).toContain(read.index);
        if (testDialect === 'postgres') {
          expect(read.kind, detail).toMatch(/^Index (Only )?Scan$/);
          expect(read.bounds, detail).toMatch(list.bound);
        } else {
          expect(read.kind, detail).toBe('SEARCH');
          expect(read.bounds, detail).toMatch(list.sqliteBound ?? /[<>]/);
        }
      }
      if (!list.merges) expect(sorts, detail).toBe(false);
    }
  });
});

describe("a page deep in a listener's liked albums or artists", () => {
  it.each(['album', 'artist'] as const)(
    'of %ss starts at its cursor in catalogue_stars_user_kind_created_idx',
    async (kind) => {
      const queries = await queriesOf((recorded) => {
        const catalogue = new CatalogueRepository(recorded);
        return kind === 'album'
          ? catalogue.likedAlbumPage(listenerId, after(MIDDLE))
          : catalogue.likedArtistPage(listenerId, after(MIDDLE));
      });
      // The page read joins the likes to the albums (artists) and ends in the page's limit.
      const pageRead = queries.find(
        (query) =>
          / limit (\?|\$\d+)$/i.test(query.sql) && query.sql.includes('join "catalogue_stars"'),
      );
      expect(pageRead, queries.map((query) => query.sql).join('\n')).toBeDefined();
      const { reads, sorts } = await readsOf(pageRead!, 'catalogue_stars');
      const detail = JSON.stringify({ sql: pageRead!.sql, reads, sorts });
      expect(reads.length, detail).toBe(1);
      expect(reads[0]!.index, detail).toBe('catalogue_stars_user_kind_created_idx');
      if (testDialect === 'postgres') {
        expect(reads[0]!.kind, detail).toMatch(/^Index (Only )?Scan$/);
        expect(reads[0]!.bounds, detail).toMatch(/created_at/);
      } else {
        expect(reads[0]!.kind, detail).toBe('SEARCH');
        expect(reads[0]!.bounds, detail).toMatch(/[<>]/);
      }
      expect(sorts, detail).toBe(false);
    },
  );
});

describe("the ids of a user's marked songs", () => {
  it.each(['likes', 'saves'] as const)(
    'of %s are read from the index of the marked lists, in its order',
    async (mark) => {
      // One listener's marks among many listeners': here, the administrator's (none) among the
      // listener's thousands. All of a table's rows, PostgreSQL rightly reads without an index.
      const queries = await queriesOf((recorded) =>
        new SongsRepository(recorded).markedIds(mark, adminId),
      );
      expect(queries.length).toBe(1);
      const { reads, sorts } = await readsOf(queries[0]!, mark);
      const detail = JSON.stringify({ sql: queries[0]!.sql, reads, sorts });
      expect(reads.length, detail).toBe(1);
      expect(reads[0]!.index, detail).toBe(`${mark}_user_created_idx`);
      expect(reads[0]!.kind, detail).toMatch(testDialect === 'postgres' ? /^Index/ : /^SEARCH$/);
      expect(sorts, detail).toBe(false);
    },
  );
});

describe("a listener's recently played songs", () => {
  it('are the first rows of their last plays in the index of that order, however many they played', async () => {
    const queries = await queriesOf((recorded) =>
      new SongsRepository(recorded).recentlyPlayed(listenerId, PAGE),
    );
    const listRead = queries.find((query) => query.sql.includes('from "last_plays"'));
    expect(listRead, queries.map((query) => query.sql).join('\n')).toBeDefined();
    const { reads, sorts } = await readsOf(listRead!, 'last_plays');
    const detail = JSON.stringify({ sql: listRead!.sql, reads, sorts });
    expect(reads.length, detail).toBe(1);
    expect(reads[0]!.index, detail).toBe('last_plays_user_recent_idx');
    expect(reads[0]!.kind, detail).toMatch(testDialect === 'postgres' ? /^Index/ : /^SEARCH$/);
    expect(sorts, detail).toBe(false);
    expect(queries.some((query) => query.sql.includes('from "plays"'))).toBe(false);
  });
});

describe("a page deep in a listener's listening history", () => {
  beforeAll(async () => {
    // The listener played every song twice; each other user once. Half as many listens of the
    // listener's no song matched.
    await insertInBatches('plays', [
      ...ids.flatMap((id, i) => [
        { user_id: listenerId, song_id: id, played_at: at(2 * i) },
        { user_id: listenerId, song_id: id, played_at: at(2 * i + 1) },
      ]),
      ...ids.map((id, i) => ({ user_id: id, song_id: id, played_at: at(i) })),
    ]);
    await insertInBatches(
      'unmatched_listens',
      ids.map((id, i) => ({
        id,
        user_id: i % 2 === 0 ? listenerId : id,
        source: 'lastfm',
        played_at: at(i),
        artist: `Artist ${i}`,
        title: `Title ${i}`,
        album: null,
      })),
    );
    if (testDialect === 'postgres')
      await db.executeQuery(CompiledQuery.raw('ANALYZE plays, unmatched_listens, songs'));
  }, 60_000);

  async function expectRangeOf(
    read: (recorded: Kysely<Database>) => Promise<unknown>,
    table: string,
    indexes: readonly string[],
  ) {
    const queries = await queriesOf(read);
    const pageRead = queries.find(
      (query) => / limit (\?|\$\d+)$/i.test(query.sql) && query.sql.includes(`from "${table}"`),
    );
    expect(pageRead, queries.map((query) => query.sql).join('\n')).toBeDefined();
    const { reads, sorts } = await readsOf(pageRead!, table);
    const detail = JSON.stringify({ sql: pageRead!.sql, reads, sorts });
    expect(reads.length, detail).toBe(1);
    expect(indexes, detail).toContain(reads[0]!.index);
    if (testDialect === 'postgres') {
      expect(reads[0]!.kind, detail).toMatch(/^Index (Only )?Scan$/);
      expect(reads[0]!.bounds, detail).toMatch(/played_at/);
    } else {
      expect(reads[0]!.kind, detail).toBe('SEARCH');
      expect(reads[0]!.bounds, detail).toMatch(/[<>]/);
    }
    expect(sorts, detail).toBe(false);
  }

  /**
   * (user_id, played_at, id): on SQLite, whose indexes end in the rowid (a play's id),
   * `plays_user_idx` is that order already and serves as well.
   */
  const PLAYS_IN_HISTORY_ORDER = ['plays_user_history_idx', 'plays_user_idx'];

  const deepIn = async (search?: string) => {
    const first = await new HistoryRepository(db).playsPage(listenerId, { limit: ROWS });
    return { limit: PAGE, cursor: first.nextCursor, q: search };
  };

  it('of plays starts at its cursor in the index of (user, time, id)', async () => {
    const request = await deepIn();
    await expectRangeOf(
      (recorded) => new HistoryRepository(recorded).playsPage(listenerId, request),
      'plays',
      PLAYS_IN_HISTORY_ORDER,
    );
  });

  it('of plays searched by their songs starts at its cursor in the same index', async () => {
    const request = await deepIn('song');
    await expectRangeOf(
      (recorded) => new HistoryRepository(recorded).playsPage(listenerId, request),
      'plays',
      PLAYS_IN_HISTORY_ORDER,
    );
  });

  it('of unmatched listens starts at its cursor in unmatched_listens_user_idx', async () => {
    const first = await new HistoryRepository(db).unmatchedPage(listenerId, { limit: PAGE * 4 });
    await expectRangeOf(
      (recorded) =>
        new HistoryRepository(recorded).unmatchedPage(listenerId, {
          limit: PAGE,
          cursor: first.nextCursor,
        }),
      'unmatched_listens',
      ['unmatched_listens_user_idx'],
    );
  });
});

describe('the first page of a smart playlist', () => {
  it('sorted by date added walks songs_created_at_idx newest first, without sorting', async () => {
    const criteria: SmartCriteria = {
      rules: { all: [{ field: 'dateAdded', operator: 'after', value: '2024-12-31' }] },
      sort: { field: 'dateAdded', order: 'desc' },
      limit: null,
    };
    const queries = await queriesOf((recorded) =>
      new PlaylistsRepository(recorded, testDialect).smartSongsPage(
        criteria,
        listenerId,
        0,
        PAGE + 1,
      ),
    );
    const pageRead = queries.find(
      (query) => query.sql.includes('from "songs"') && / limit (\?|\$\d+)/i.test(query.sql),
    );
    expect(pageRead, queries.map((query) => query.sql).join('\n')).toBeDefined();
    const { reads, sorts } = await readsOf(pageRead!, 'songs');
    const detail = JSON.stringify({ sql: pageRead!.sql, reads, sorts });
    expect(reads.length, detail).toBeGreaterThan(0);
    for (const read of reads) expect(read.index, detail).toBe('songs_created_at_idx');
    expect(sorts, detail).toBe(false);
  });
});
