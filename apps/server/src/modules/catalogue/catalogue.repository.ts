import {
  expressionBuilder,
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { AlbumSort } from '@cadenza/contract/catalogue';
import type { PageQuery } from '@cadenza/contract/paging';
import { chunks } from '../../db/chunks';
import { textsOfJson } from '../../db/json-texts';
import { dialectOf } from '../../db/dialect';
import { rowCompareWithRowOf } from '../../db/row-values';
import { toIso, type Database } from '../../db/schema';
import { readNewestFirstPage } from '../../db/newest-first';
import { creditsOfSongs } from '../../db/song-credits';
import { genresOfAlbums, genresOfSongs } from '../../db/song-genres';
import { DEFAULT_PAGE_SIZE, decodeCursor, invalidCursor, toPage, type Page } from '../../paging';
import { isId } from '../../ids';
import { songRecordsWith, type SongGenreRecord, type SongRecord } from '../songs/song-record';
import type {
  AlbumRecord,
  ArtistRecord,
  DiscTitleRecord,
  PlayedArtistRecord,
} from './catalogue-records';
import { foldKey } from '../../domain/grouping';
import { genreKey } from '../../domain/tag-genres';
import {
  ALBUM_WORD_INDEX,
  ARTIST_WORD_INDEX,
  MOST_SORTED_CANDIDATES,
  sqliteWordStartCandidates,
  sqliteWordStartIds,
  startsAWord,
  type SqliteWordIndex,
} from './word-starts.repository';

/** One column of a listing's order, and which way it runs. */
interface OrderColumn {
  readonly column: string;
  readonly direction: 'asc' | 'desc';
}

const asc = (column: string): OrderColumn => ({ column, direction: 'asc' });
const desc = (column: string): OrderColumn => ({ column, direction: 'desc' });

/**
 * Each album listing's order, ending in the id so that it is total. Its first letter marks the
 * listing's cursors, so that a cursor of one order is never read as another's.
 */
const ALBUM_ORDERS: Record<AlbumSort, { letter: string; columns: OrderColumn[] }> = {
  newest: { letter: 'n', columns: [desc('created_at'), desc('id')] },
  title: { letter: 't', columns: [asc('title_key'), asc('id')] },
  artist: { letter: 'a', columns: [asc('artist_sort_key'), asc('title_key'), asc('id')] },
  year: { letter: 'y', columns: [asc('year_order'), asc('title_key'), asc('id')] },
  most_played: { letter: 'p', columns: [desc('play_count'), desc('id')] },
};

/** Album orders no index holds: their pages are long reads. */
const UNINDEXED_ALBUM_SORTS: ReadonlySet<AlbumSort> = new Set(['artist', 'most_played']);

const ARTIST_ORDER = {
  letter: 'r',
  columns: [asc('sort_key'), asc('id')],
};

/** A tag genre's albums, by title: the title listing's order, under a letter of its own. */
const GENRE_ALBUM_ORDER = { letter: 'g', columns: ALBUM_ORDERS.title.columns };

/** A song's play count by every listener (`song_play_totals` joined on the left; 0 unplayed). */
const playCountOf = sql<number>`coalesce(song_play_totals.play_count, 0)`;

/** The ids of the songs of the tag genre named `name` (case and spacing ignored). */
function songsOfTagGenre(name: string) {
  return expressionBuilder<Database, never>()
    .selectFrom('song_genres')
    .innerJoin('genres', 'genres.id', 'song_genres.genre_id')
    .select('song_genres.song_id')
    .where('genres.name_key', '=', genreKey(name));
}

/**
 * A list of albums read by offset, as the Subsonic API asks for them: in one of the catalogue's
 * orders, at random, released within years, with songs of a tag genre (by name, case ignored), or
 * one listener's recently played or starred ones.
 */
export type AlbumSelection =
  | { readonly kind: 'sorted'; readonly sort: AlbumSort }
  | { readonly kind: 'random' }
  | { readonly kind: 'years'; readonly from: number; readonly to: number }
  | { readonly kind: 'genre'; readonly genre: string }
  | { readonly kind: 'recentlyPlayed'; readonly userId: string }
  | { readonly kind: 'starred'; readonly userId: string }
  /** The albums the user rated, best first (Subsonic's `highest`). */
  | { readonly kind: 'rated'; readonly userId: string };

/**
 * Songs read by offset: every song or one tag genre's (by name, case ignored), newest first, or at
 * random within years.
 */
export type SongSelection =
  | { readonly kind: 'genre'; readonly genre: string }
  | {
      readonly kind: 'random';
      readonly genre?: string | undefined;
      readonly fromYear?: number | undefined;
      readonly toYear?: number | undefined;
    }
  | { readonly kind: 'all' };

/** An album listing row: the album with what its lists show and order by. */
interface AlbumListRow {
  id: string;
  title: string;
  title_key: string;
  year: number | null;
  year_order: number;
  disc_count: number;
  created_at: Date | string;
  artist_id: string;
  artist_name: string;
  artist_sort_key: string;
  cover_key: string | null;
  song_count: number | string | bigint | null;
  play_count: number | string | bigint | null;
  duration_ms: number | string | bigint | null;
  release_date: string | null;
  original_date: string | null;
  record_labels: string | null;
  release_types: string | null;
  is_compilation: number;
  sort_title: string | null;
  musicbrainz_release_id: string | null;
}

interface ArtistListRow {
  id: string;
  name: string;
  sort_name: string;
  sort_key: string;
  album_count: number | string | bigint | null;
  song_count: number | string | bigint | null;
  image_key: string | null;
}

/** A year no album has: albums without one come after every dated album. */
const NO_YEAR = -1;

/**
 * Newest year first, undated albums last, as one ascending key: with the title and id ascending
 * after it, the year listing's order runs one way, so a deep page is one range of its index from
 * the cursor on (the albums-by-year-one-range migration). PostgreSQL's index is on this very
 * expression; SQLite's on a generated column of it, as SQLite bounds a row-value comparison only
 * by a row that starts with a column.
 */
function yearOrder(onSqlite: boolean): RawBuilder<number> {
  return onSqlite
    ? sql<number>`albums.year_order`
    : sql<number>`-coalesce(albums.year, ${sql.lit(NO_YEAR)})`;
}
/** The statement's one row of a listing's values at its cursor (none if that row has gone). */
const CURSOR_ROW = 'cursor_row';

/**
 * Rows after the cursor's row in a listing ordered by `columns` (the row's values in the
 * statement's CURSOR_ROW). Each run of columns that go the same way is one row-value
 * comparison, which an index on them reads as a range; where an order turns, the first run's bound
 * (`a <= ?`) still starts the read at the first row of the cursor's value of `a`, not at the
 * cursor's row. No listing turns: an order that would (the year newest first, then titles A to
 * Z) runs one way on a key of its own (`yearOrder`), so its page is one range.
 */
function after(columns: readonly OrderColumn[]): Expression<SqlBool> {
  const runs: OrderColumn[][] = [];
  for (const column of columns) {
    const run = runs[runs.length - 1];
    if (run?.[0]?.direction === column.direction) run.push(column);
    else runs.push([column]);
  }
  const beyond = (run: readonly OrderColumn[], operator: '<' | '>' | '<=' | '>=' | '=') =>
    rowCompareWithRowOf(
      run.map((c) => c.column),
      operator,
      CURSOR_ROW,
    );
  const strictly = (run: readonly OrderColumn[]) =>
    beyond(run, run[0]?.direction === 'asc' ? '>' : '<');
  const rest = (index: number): Expression<SqlBool> => {
    const run = runs[index] ?? [];
    if (index === runs.length - 1) return strictly(run);
    return sql<SqlBool>`(${strictly(run)} OR (${beyond(run, '=')} AND ${rest(index + 1)}))`;
  };
  const first = runs[0] ?? [];
  if (runs.length === 1) return strictly(first);
  const bound = beyond(first, first[0]?.direction === 'asc' ? '>=' : '<=');
  return sql<SqlBool>`(${bound} AND ${rest(0)})`;
}

/** The id inside a cursor of the listing marked `letter`; 400 for anything else. */
function cursorId(cursor: string, letter: string): string {
  const position = decodeCursor(cursor);
  const id = position.slice(1);
  if (position.charAt(0) !== letter || !isId(id)) throw invalidCursor();
  return id;
}

function albumRecordOf(row: AlbumListRow, genres: readonly SongGenreRecord[]): AlbumRecord {
  return {
    id: row.id,
    title: row.title,
    artistId: row.artist_id,
    artistName: row.artist_name,
    year: row.year,
    genres,
    coverKey: row.cover_key,
    discCount: row.disc_count,
    songCount: Number(row.song_count),
    playCount: Number(row.play_count),
    duration: Math.round(Number(row.duration_ms) / 1000),
    durationMs: Number(row.duration_ms),
    createdAt: toIso(row.created_at),
    releaseDate: row.release_date,
    originalReleaseDate: row.original_date,
    recordLabels: textsOfJson(row.record_labels),
    releaseTypes: textsOfJson(row.release_types),
    isCompilation: row.is_compilation === 1,
    sortTitle: row.sort_title,
    musicBrainzId: row.musicbrainz_release_id,
  };
}

function artistRecordOf(row: ArtistListRow): ArtistRecord {
  return {
    id: row.id,
    name: row.name,
    sortName: row.sort_name,
    albumCount: Number(row.album_count),
    songCount: Number(row.song_count),
    imageKey: row.image_key,
  };
}

/**
 * An artist's albums in the order of their page: newest release first (by year, then by the
 * tagged date within it; undated last), then newest added.
 */
function newestReleaseFirst<O>(rows: SelectQueryBuilder<Database, 'albums' | 'artists', O>) {
  return rows
    .orderBy(sql`coalesce(albums.year, ${sql.lit(NO_YEAR)})`, 'desc')
    .orderBy(sql`coalesce(albums.release_date, '')`, 'desc')
    .orderBy('albums.created_at', 'desc')
    .orderBy('albums.id', 'desc');
}

/** An album's own cover, else (an album without one) its first track's; null for none. */
function albumCoverKey(eb: ExpressionBuilder<Database, 'albums'>) {
  return eb.fn.coalesce(
    'albums.cover_key',
    eb
      .selectFrom('songs')
      .select('songs.cover_key')
      .whereRef('songs.album_id', '=', 'albums.id')
      .where('songs.cover_key', 'is not', null)
      .orderBy(sql`coalesce(songs.disc_number, 1)`)
      .orderBy(sql`coalesce(songs.track_number, 0)`)
      .orderBy('songs.created_at')
      .orderBy('songs.id')
      .limit(1),
  );
}

/**
 * Albums and artists as listeners browse them. Listings are keyset-paged in each order they
 * offer: a cursor names the last album (or artist) of its page, whose values the next page
 * starts after, so a cursor stays short whatever the titles. One whose album has gone since is
 * answered like any other cursor the server cannot use: start again from the first page.
 */
export class CatalogueRepository {
  /**
   * `longReads` runs the reads whose work grows with the whole library and cannot be bounded by
   * an index (counts by genre, every album artist, orders of computed or random values): off
   * the server's thread on SQLite (DatabaseHandle.longReads, decision 052).
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly longReads: Kysely<Database> = db,
  ) {}

  private get onSqlite(): boolean {
    return dialectOf(this.db) === 'sqlite';
  }

  /** Every album with its artist, cover, counts and the keys its listings order by. */
  private albumRows(db: Kysely<Database> = this.db) {
    return db
      .selectFrom('albums')
      .innerJoin('artists', 'artists.id', 'albums.album_artist_id')
      .select((eb) => [
        'albums.id',
        'albums.title',
        'albums.title_key',
        'albums.year',
        yearOrder(this.onSqlite).as('year_order'),
        'albums.disc_count',
        'albums.created_at',
        'albums.release_date',
        'albums.original_date',
        'albums.record_labels',
        'albums.release_types',
        'albums.is_compilation',
        'albums.sort_title',
        'albums.musicbrainz_release_id',
        'artists.id as artist_id',
        'artists.name as artist_name',
        'artists.sort_key as artist_sort_key',
        albumCoverKey(eb).as('cover_key'),
        eb
          .selectFrom('songs')
          .select((s) => s.fn.countAll().as('n'))
          .whereRef('songs.album_id', '=', 'albums.id')
          .as('song_count'),
        eb
          .selectFrom('songs')
          .innerJoin('song_play_totals', 'song_play_totals.song_id', 'songs.id')
          .select((s) => s.fn.coalesce(s.fn.sum('song_play_totals.play_count'), s.lit(0)).as('n'))
          .whereRef('songs.album_id', '=', 'albums.id')
          .as('play_count'),
        eb
          .selectFrom('songs')
          .select(
            sql<number>`coalesce(sum(coalesce(songs.duration_ms, songs.duration * 1000)), 0)`.as(
              'n',
            ),
          )
          .whereRef('songs.album_id', '=', 'albums.id')
          .as('duration_ms'),
      ]);
  }

  private artistRows(db: Kysely<Database> = this.db) {
    return db.selectFrom('artists').select((eb) => [
      'artists.id',
      'artists.name',
      'artists.sort_name',
      'artists.sort_key',
      eb
        .selectFrom('albums')
        .select((s) => s.fn.countAll().as('n'))
        .whereRef('albums.album_artist_id', '=', 'artists.id')
        .as('album_count'),
      eb
        .selectFrom('song_artists')
        .select((s) => s.fn.countAll().as('n'))
        .whereRef('song_artists.artist_id', '=', 'artists.id')
        .as('song_count'),
      // Their picture is the cover of their newest album, in the order of their page.
      eb
        .selectFrom('albums')
        .select((a) => albumCoverKey(a).as('n'))
        .whereRef('albums.album_artist_id', '=', 'artists.id')
        .orderBy(sql`coalesce(albums.year, ${sql.lit(NO_YEAR)})`, 'desc')
        .orderBy('albums.created_at', 'desc')
        .orderBy('albums.id', 'desc')
        .limit(1)
        .as('image_key'),
    ]);
  }

  /** The records of these album rows, each with its songs' tag genres. */
  private async albumRecordsOf(rows: readonly AlbumListRow[]): Promise<AlbumRecord[]> {
    const genres = await genresOfAlbums(this.db, rows);
    return rows.map((row) => albumRecordOf(row, genres.get(row.id) ?? []));
  }

  /** The page a client asked for of every album, in the order it asked for. */
  async albumPage(sort: AlbumSort, query: PageQuery): Promise<Page<AlbumRecord>> {
    const order = ALBUM_ORDERS[sort];
    // No index holds these orders (the album artist's name is another table's, plays a sum):
    // every album is read and sorted before the page.
    const db = UNINDEXED_ALBUM_SORTS.has(sort) ? this.longReads : this.db;
    const rows = await this.listPage(this.albumRows(db), order, query, db);
    const page = toPage(rows, query.limit ?? DEFAULT_PAGE_SIZE, (row) => order.letter + row.id);
    return { ...page, items: await this.albumRecordsOf(page.items) };
  }

  /**
   * The page a client asked for of the albums with at least one song of a tag genre, by title.
   * The genre's albums are gathered once (song_genres_genre_idx), not probed album by album.
   */
  async albumPageOfGenre(genreId: string, query: PageQuery): Promise<Page<AlbumRecord>> {
    const rows = await this.listPage(
      this.albumRows().where('albums.id', 'in', (eb) =>
        eb
          .selectFrom('song_genres')
          .innerJoin('songs', 'songs.id', 'song_genres.song_id')
          .select('songs.album_id')
          .where('song_genres.genre_id', '=', genreId),
      ),
      GENRE_ALBUM_ORDER,
      query,
    );
    const page = toPage(
      rows,
      query.limit ?? DEFAULT_PAGE_SIZE,
      (row) => GENRE_ALBUM_ORDER.letter + row.id,
    );
    return { ...page, items: await this.albumRecordsOf(page.items) };
  }

  /** The page a client asked for of every artist, alphabetical by sort name. */
  async artistPage(query: PageQuery): Promise<Page<ArtistRecord>> {
    const rows = await this.listPage(this.artistRows(), ARTIST_ORDER, query);
    const page = toPage(
      rows,
      query.limit ?? DEFAULT_PAGE_SIZE,
      (row) => ARTIST_ORDER.letter + row.id,
    );
    return { ...page, items: page.items.map(artistRecordOf) };
  }

  /**
   * The page a client asked for of the albums a listener liked, newest like first by (the like's
   * created_at, album id): a cursor names the last like of its page.
   */
  async likedAlbumPage(userId: string, query: PageQuery): Promise<Page<AlbumRecord>> {
    const page = await readNewestFirstPage(
      this.albumRows()
        .innerJoin('catalogue_stars', (join) =>
          join
            .onRef('catalogue_stars.item_id', '=', 'albums.id')
            .on('catalogue_stars.kind', '=', 'album')
            .on('catalogue_stars.user_id', '=', userId),
        )
        .select('catalogue_stars.created_at as liked_at'),
      query,
      { createdAt: 'catalogue_stars.created_at', id: 'catalogue_stars.item_id' },
      (row) => ({ row, createdAt: toIso(row.liked_at), id: row.id }),
    );
    return { ...page, items: await this.albumRecordsOf(page.items.map(({ row }) => row)) };
  }

  /** The page a client asked for of the artists a listener liked, newest like first. */
  async likedArtistPage(userId: string, query: PageQuery): Promise<Page<ArtistRecord>> {
    const page = await readNewestFirstPage(
      this.artistRows()
        .innerJoin('catalogue_stars', (join) =>
          join
            .onRef('catalogue_stars.item_id', '=', 'artists.id')
            .on('catalogue_stars.kind', '=', 'artist')
            .on('catalogue_stars.user_id', '=', userId),
        )
        .select('catalogue_stars.created_at as liked_at'),
      query,
      { createdAt: 'catalogue_stars.created_at', id: 'catalogue_stars.item_id' },
      (row) => ({ artist: artistRecordOf(row), createdAt: toIso(row.liked_at), id: row.id }),
    );
    return { ...page, items: page.items.map(({ artist }) => artist) };
  }

  async findAlbum(id: string): Promise<AlbumRecord | null> {
    const row = await this.albumRows().where('albums.id', '=', id).executeTakeFirst();
    return row ? ((await this.albumRecordsOf([row]))[0] ?? null) : null;
  }

  /** An album's tracks by disc, then track number; unnumbered ones after, oldest first. */
  async tracksOf(albumId: string): Promise<SongRecord[]> {
    const rows = await this.db
      .selectFrom('songs')
      .selectAll()
      .where('album_id', '=', albumId)
      .orderBy(sql`coalesce(disc_number, 1)`)
      .orderBy(sql`CASE WHEN track_number IS NULL THEN 1 ELSE 0 END`)
      .orderBy('track_number')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return songRecordsWith(
      rows,
      await creditsOfSongs(this.db, rows),
      await genresOfSongs(this.db, rows),
    );
  }

  async findArtist(id: string): Promise<ArtistRecord | null> {
    const row = await this.artistRows().where('artists.id', '=', id).executeTakeFirst();
    return row ? artistRecordOf(row) : null;
  }

  /** The albums by an artist, newest release first (undated last), then newest added. */
  async albumsBy(artistId: string): Promise<AlbumRecord[]> {
    const rows = await newestReleaseFirst(
      this.albumRows().where('albums.album_artist_id', '=', artistId),
    ).execute();
    return this.albumRecordsOf(rows);
  }

  /**
   * The albums of others an artist is credited on (a main or featured artist of one of their
   * songs), newest release first. Read from the artist's credits (song_artists_artist_idx), each
   * credited song's album by its key: never every album.
   */
  async appearancesOf(artistId: string): Promise<AlbumRecord[]> {
    const rows = await newestReleaseFirst(
      this.albumRows()
        .where('albums.id', 'in', (eb) =>
          eb
            .selectFrom('song_artists')
            .innerJoin('songs', 'songs.id', 'song_artists.song_id')
            .select('songs.album_id')
            .where('song_artists.artist_id', '=', artistId)
            .where('songs.album_id', 'is not', null),
        )
        .where('albums.album_artist_id', '<>', artistId),
    ).execute();
    return this.albumRecordsOf(rows);
  }

  /**
   * The titled discs of each of these albums, by disc number: a disc's title is its songs' disc
   * subtitle (the least, should two of them differ); a disc of untitled songs has none.
   */
  async discTitlesOf(albumIds: readonly string[]): Promise<Map<string, DiscTitleRecord[]>> {
    const titles = new Map<string, DiscTitleRecord[]>();
    if (albumIds.length === 0) return titles;
    const rows = await this.db
      .selectFrom('songs')
      .select((eb) => [
        'songs.album_id',
        sql<number>`coalesce(songs.disc_number, 1)`.as('disc'),
        eb.fn.min('songs.disc_subtitle').as('title'),
      ])
      .where('songs.album_id', 'in', [...new Set(albumIds)])
      .where('songs.disc_subtitle', 'is not', null)
      .groupBy(['songs.album_id', sql`coalesce(songs.disc_number, 1)`])
      .orderBy('songs.album_id')
      .orderBy(sql`coalesce(songs.disc_number, 1)`)
      .execute();
    for (const row of rows) {
      if (row.album_id === null || row.title === null) continue;
      const album = titles.get(row.album_id) ?? [];
      album.push({ disc: Number(row.disc), title: row.title });
      titles.set(row.album_id, album);
    }
    return titles;
  }

  /** The album artist of each of these albums (those that exist), by album id. */
  async albumArtistsOf(
    albumIds: readonly string[],
  ): Promise<Map<string, { id: string; name: string }>> {
    if (albumIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('albums')
      .innerJoin('artists', 'artists.id', 'albums.album_artist_id')
      .select(['albums.id as album_id', 'artists.id', 'artists.name'])
      .where('albums.id', 'in', [...new Set(albumIds)])
      .execute();
    return new Map(rows.map((row) => [row.album_id, { id: row.id, name: row.name }]));
  }

  /**
   * How often each of these songs was played, by every listener together, by id: a song never
   * played is not there.
   */
  async playCountsOf(songIds: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const part of chunks([...new Set(songIds)])) {
      const rows = await this.db
        .selectFrom('song_play_totals')
        .select(['song_id', 'play_count'])
        .where('song_id', 'in', part)
        .execute();
      for (const row of rows) counts.set(row.song_id, Number(row.play_count));
    }
    return counts;
  }

  /** The songs an artist is credited on (main or featured), most played first. */
  async topSongsOf(artistId: string, limit: number): Promise<SongRecord[]> {
    const rows = await this.db
      .selectFrom('songs')
      .innerJoin('song_artists', 'song_artists.song_id', 'songs.id')
      .leftJoin('song_play_totals', 'song_play_totals.song_id', 'songs.id')
      .selectAll('songs')
      .where('song_artists.artist_id', '=', artistId)
      .orderBy(playCountOf, 'desc')
      .orderBy('songs.created_at', 'desc')
      .orderBy('songs.id', 'desc')
      .limit(limit)
      .execute();
    return songRecordsWith(
      rows,
      await creditsOfSongs(this.db, rows),
      await genresOfSongs(this.db, rows),
    );
  }

  /**
   * The artists a listener played most (plays of songs whose main artists include them), most
   * played first, then most recently played.
   */
  async mostPlayedBy(userId: string, limit: number): Promise<PlayedArtistRecord[]> {
    const rows = await this.artistRows()
      .innerJoin('artist_plays', 'artist_plays.artist_id', 'artists.id')
      .select('artist_plays.play_count as my_play_count')
      .where('artist_plays.user_id', '=', userId)
      .orderBy('artist_plays.play_count', 'desc')
      .orderBy('artist_plays.last_played_at', 'desc')
      .orderBy('artists.id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...artistRecordOf(row), playCount: Number(row.my_play_count) }));
  }

  /**
   * Albums whose title has a word starting with each word of `text` (case ignored), by title. A
   * long read: a rare word may have to be looked for among every album. PostgreSQL finds it
   * through its trigram index on the title; SQLite through its word index (sortedByIndex).
   */
  async albumsMatching(text: string, limit: number): Promise<AlbumRecord[]> {
    const words = foldKey(text).split(' ').filter(Boolean);
    if (words.length === 0) return [];
    const query = this.albumRows(this.longReads);
    const matching = (await this.sortedByIndex(ALBUM_WORD_INDEX, words))
      ? query.where(
          sql<SqlBool>`albums.id IN (${sqliteWordStartIds(ALBUM_WORD_INDEX, words, limit)})`,
        )
      : query
          .where((eb) => eb.and(words.map((word) => startsAWord('albums.title_key', word))))
          .limit(limit);
    const rows = await matching.orderBy('albums.title_key').orderBy('albums.id').execute();
    return this.albumRecordsOf(rows);
  }

  /** Artists whose name has a word starting with each word of `text` (case ignored), as albums. */
  async artistsMatching(text: string, limit: number): Promise<ArtistRecord[]> {
    const words = foldKey(text).split(' ').filter(Boolean);
    if (words.length === 0) return [];
    const query = this.artistRows(this.longReads);
    const matching = (await this.sortedByIndex(ARTIST_WORD_INDEX, words))
      ? query.where(
          sql<SqlBool>`artists.id IN (${sqliteWordStartIds(ARTIST_WORD_INDEX, words, limit)})`,
        )
      : query
          .where((eb) => eb.and(words.map((word) => startsAWord('artists.name_key', word))))
          .limit(limit);
    const rows = await matching.orderBy('artists.sort_key').orderBy('artists.id').execute();
    return rows.map((row) => artistRecordOf(row));
  }

  /**
   * SQLite: whether the rows matching `words` are best found through the kind's word index and
   * sorted, or by walking the table in its order until enough match. The index tells, by
   * counting its candidates (a few hundred at most, on the server's connection: a fraction of a
   * millisecond); a common word is met soon in any order, a rare one may be met nowhere. Never
   * on PostgreSQL.
   */
  private async sortedByIndex(index: SqliteWordIndex, words: string[]): Promise<boolean> {
    if (!this.onSqlite) return false;
    const { rows } = await sqliteWordStartCandidates(index, words, MOST_SORTED_CANDIDATES).execute(
      this.db,
    );
    return Number(rows[0]?.n ?? 0) <= MOST_SORTED_CANDIDATES;
  }

  /** `size` albums of a selection from `offset` on. */
  async albumsAt(selection: AlbumSelection, offset: number, size: number): Promise<AlbumRecord[]> {
    // By offset, in orders of computed or random values: the whole list may be read first.
    let rows = this.longReads
      .selectFrom(this.albumRows(this.longReads).as('list'))
      .selectAll('list');
    switch (selection.kind) {
      case 'sorted':
        for (const { column, direction } of ALBUM_ORDERS[selection.sort].columns)
          rows = rows.orderBy(sql.ref(`list.${column}`), direction);
        break;
      case 'random':
        rows = rows.orderBy(sql`random()`);
        break;
      case 'years': {
        const [low, high] = [
          Math.min(selection.from, selection.to),
          Math.max(selection.from, selection.to),
        ];
        const direction = selection.from <= selection.to ? 'asc' : 'desc';
        rows = rows
          .where('list.year', '>=', low)
          .where('list.year', '<=', high)
          .orderBy('list.year', direction)
          .orderBy('list.title_key')
          .orderBy('list.id');
        break;
      }
      case 'genre':
        // The genre's albums gathered once, not a probe per album: asked per album, SQLite
        // read the genre's songs (a tenth of the library) for each of them.
        rows = rows
          .where('list.id', 'in', (eb) =>
            eb
              .selectFrom('songs')
              .select('songs.album_id')
              .where('songs.id', 'in', songsOfTagGenre(selection.genre)),
          )
          .orderBy('list.title_key')
          .orderBy('list.id');
        break;
      case 'recentlyPlayed':
        rows = rows
          .innerJoin(
            (eb) =>
              eb
                .selectFrom('plays')
                .innerJoin('songs', 'songs.id', 'plays.song_id')
                .select((p) => ['songs.album_id', p.fn.max('plays.played_at').as('last_played_at')])
                .where('plays.user_id', '=', selection.userId)
                .groupBy('songs.album_id')
                .as('played'),
            (join) => join.onRef('played.album_id', '=', 'list.id'),
          )
          .orderBy('played.last_played_at', 'desc')
          .orderBy('list.id');
        break;
      case 'starred':
        rows = rows
          .innerJoin('catalogue_stars', (join) =>
            join
              .onRef('catalogue_stars.item_id', '=', 'list.id')
              .on('catalogue_stars.kind', '=', 'album')
              .on('catalogue_stars.user_id', '=', selection.userId),
          )
          .orderBy('catalogue_stars.created_at', 'desc')
          .orderBy('list.id');
        break;
      case 'rated':
        rows = rows
          .innerJoin(
            (eb) =>
              eb
                .selectFrom('ratings')
                .select(['ratings.item_id', 'ratings.rating'])
                .where('ratings.user_id', '=', selection.userId)
                .where('ratings.kind', '=', 'album')
                .as('rated'),
            (join) => join.onRef('rated.item_id', '=', 'list.id'),
          )
          .orderBy('rated.rating', 'desc')
          .orderBy('list.title_key')
          .orderBy('list.id');
        break;
    }
    const found = await rows.offset(offset).limit(size).execute();
    return this.albumRecordsOf(found);
  }

  /** Albums by id, in no particular order (those that no longer exist left out). */
  async albumsById(ids: readonly string[]): Promise<AlbumRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.albumRows()
      .where('albums.id', 'in', [...ids])
      .execute();
    return this.albumRecordsOf(rows);
  }

  /** Every artist who is the album artist of at least one album, alphabetical by sort name. */
  async albumArtists(): Promise<ArtistRecord[]> {
    const rows = await this.artistRows(this.longReads)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('albums')
            .select('albums.id')
            .whereRef('albums.album_artist_id', '=', 'artists.id'),
        ),
      )
      .orderBy('artists.sort_key')
      .orderBy('artists.id')
      .execute();
    return rows.map((row) => artistRecordOf(row));
  }

  /** `size` artists from `offset` on, alphabetical by sort name. */
  async artistsAt(offset: number, size: number): Promise<ArtistRecord[]> {
    const rows = await this.artistRows()
      .orderBy('artists.sort_key')
      .orderBy('artists.id')
      .offset(offset)
      .limit(size)
      .execute();
    return rows.map((row) => artistRecordOf(row));
  }

  /** Artists by id, in no particular order (those that no longer exist left out). */
  async artistsById(ids: readonly string[]): Promise<ArtistRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.artistRows()
      .where('artists.id', 'in', [...ids])
      .execute();
    return rows.map((row) => artistRecordOf(row));
  }

  /** `size` songs of a selection from `offset` on. */
  async songsAt(selection: SongSelection, offset: number, size: number): Promise<SongRecord[]> {
    // At random: every song of the selection is read and shuffled before the first is answered.
    const reader = selection.kind === 'random' ? this.longReads : this.db;
    let rows = reader.selectFrom('songs').selectAll();
    if (selection.kind === 'genre') {
      rows = rows
        .where('id', 'in', songsOfTagGenre(selection.genre))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc');
    } else if (selection.kind === 'random') {
      if (selection.genre !== undefined)
        rows = rows.where('id', 'in', songsOfTagGenre(selection.genre));
      if (selection.fromYear !== undefined)
        rows = rows.where('release_year', '>=', selection.fromYear);
      if (selection.toYear !== undefined) rows = rows.where('release_year', '<=', selection.toYear);
      rows = rows.orderBy(sql`random()`);
    } else {
      rows = rows.orderBy('created_at', 'desc').orderBy('id', 'desc');
    }
    const page = await rows.offset(offset).limit(size).execute();
    return songRecordsWith(
      page,
      await creditsOfSongs(this.db, page),
      await genresOfSongs(this.db, page),
    );
  }

  /**
   * Songs like one: by the same main artists or of the same genre, the artist's first, most
   * played first; never the song itself.
   */
  async similarSongs(songId: string, limit: number): Promise<SongRecord[]> {
    const song = await this.db
      .selectFrom('songs')
      .select(['genre'])
      .where('id', '=', songId)
      .executeTakeFirst();
    if (!song) return [];
    const sharesAMainArtist = (eb: ExpressionBuilder<Database, 'songs'>) =>
      eb.exists(
        eb
          .selectFrom('song_artists as mine')
          .innerJoin('song_artists as theirs', 'theirs.artist_id', 'mine.artist_id')
          .select('mine.artist_id')
          .where('mine.song_id', '=', songId)
          .where('mine.role', '=', 'main')
          .whereRef('theirs.song_id', '=', 'songs.id'),
      );
    const rows = await this.db
      .selectFrom('songs')
      .leftJoin('song_play_totals', 'song_play_totals.song_id', 'songs.id')
      .selectAll('songs')
      .select((eb) => sharesAMainArtist(eb).as('same_artist'))
      .where('songs.id', '!=', songId)
      .where((eb) => eb.or([eb('songs.genre', '=', song.genre), sharesAMainArtist(eb)]))
      .orderBy('same_artist', 'desc')
      .orderBy(playCountOf, 'desc')
      .orderBy('songs.id')
      .limit(limit)
      .execute();
    return songRecordsWith(
      rows,
      await creditsOfSongs(this.db, rows),
      await genresOfSongs(this.db, rows),
    );
  }

  /**
   * `limit + 1` rows of a listing, after the row the cursor names: one statement, which reads the
   * cursor's row by its id (through the listing's own query) before the rows after it. A cursor
   * whose row has gone compares with nothing, so its page comes back empty; only then does a
   * second read tell it from the end of the list, for a 400.
   */
  private async listPage<TB extends keyof Database, Row extends { id: string }>(
    rows: SelectQueryBuilder<Database, TB, Row>,
    order: { letter: string; columns: readonly OrderColumn[] },
    query: PageQuery,
    db: Kysely<Database> = this.db,
  ): Promise<Row[]> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const id = query.cursor === undefined ? undefined : cursorId(query.cursor, order.letter);
    const ordering = order.columns.map((c) => c.column);
    // SQLite bounds an index read by a row-value comparison only as far as the cursor's values
    // have no column affinity (else by the first column alone): `+` drops it, not the value.
    const value = (column: string) => (this.onSqlite ? sql`+${sql.ref(column)}` : sql.ref(column));
    const rowAt = (at: string, columns: readonly string[]) =>
      db
        .selectFrom(rows.as('list'))
        .select(columns.map((column) => value(column).as(column)))
        .where(sql.ref('id'), '=', at);
    let page =
      id === undefined
        ? db.selectFrom(rows.as('list')).selectAll()
        : db
            .with(CURSOR_ROW, () => rowAt(id, ordering))
            .selectFrom(rows.as('list'))
            .selectAll()
            .where(after(order.columns));
    for (const { column, direction } of order.columns)
      page = page.orderBy(sql.ref(column), direction);
    const found = (await page.limit(limit + 1).execute()) as Row[];
    if (id !== undefined && found.length === 0 && !(await rowAt(id, ['id']).executeTakeFirst()))
      throw invalidCursor();
    return found;
  }
}
