import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/database';
import type { Database, SongRow } from '../../db/schema';
import { withArtists } from '../songs/song-artists.repository';
import { songRecordOf, type SongRecord } from '../songs/song-record';

/**
 * Both dialects rank the same way, so that they answer the same songs in the same order:
 * first songs whose title holds every word, then artist, album, genre, then songs whose words
 * are spread over several fields; newest first within each of those groups (decision 005).
 */
const SEARCH_FIELDS = ['title', 'artist', 'album', 'genre'] as const;
type SearchField = (typeof SEARCH_FIELDS)[number];
const SPREAD_OVER_FIELDS = SEARCH_FIELDS.length;

/** A ranking group of word searches: the songs with every word in one field, or in any. */
type WordGroup = SearchField | 'any';

/** PostgreSQL tsvector of each group (the song-search-fields migration). */
const POSTGRES_DOCUMENTS: Record<WordGroup, string> = {
  title: 'title_document',
  artist: 'artist_document',
  album: 'album_document',
  genre: 'genre_document',
  any: 'document',
};

/**
 * SQLite full-text rowids are `created_at` in milliseconds shifted left by this many bits, plus a
 * count within the millisecond (the song-search-fields migration).
 */
const SQLITE_KEY_SHIFT = 20;

export class SearchRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /**
   * Songs where each word starts a word of the title, artist, album or genre, accents and case
   * ignored. `words` must hold letters and digits only (see search-terms.ts).
   *
   * Each group (the songs with every word in the title, artist, album, genre, or anywhere)
   * is read newest first, `limit` songs at most, skipping songs a better group already gave,
   * and the next group only while the answer is short. A group that yields fewer was read in
   * full, so every song ranked before the next group is in the answer by then; a group that
   * yields `limit` songs, less the ones already given, fills the answer. Nothing is ranked
   * beyond what the answer needs.
   */
  async matchWords(words: string[], limit: number): Promise<SongRecord[]> {
    if (words.length === 0) return [];
    // One word always lies within one field, so only several words can be spread over fields.
    const groups: WordGroup[] = words.length > 1 ? [...SEARCH_FIELDS, 'any'] : [...SEARCH_FIELDS];
    const songs =
      this.dialect === 'postgres'
        ? await this.postgresMatchWords(words.join(' '), groups, limit)
        : await this.sqliteMatchWords(words, groups, limit);
    return withArtists(this.db, songs);
  }

  private async sqliteMatchWords(
    words: string[],
    groups: WordGroup[],
    limit: number,
  ): Promise<SongRecord[]> {
    const found = new Map<string, SongRecord>();
    for (const group of groups) {
      for (const row of await this.sqliteNewestInGroup(words, group, limit)) {
        if (found.size === limit) break;
        if (!found.has(row.id)) found.set(row.id, songRecordOf(row, []));
      }
      if (found.size === limit) break;
    }
    return [...found.values()];
  }

  /**
   * FTS5: each word a quoted prefix term, within one field by a column filter. The full-text
   * rowids follow `created_at` to the millisecond, so the newest `limit` matches by rowid come
   * straight from the index. Songs of the same millisecond as the last of them, with a lower
   * rowid, may come before it by id, so those are added; then the few candidates are ordered
   * exactly, by `created_at` and id.
   */
  private async sqliteNewestInGroup(
    words: string[],
    group: WordGroup,
    limit: number,
  ): Promise<SongRow[]> {
    const allWords = words.map((word) => `"${word}"*`).join(' AND ');
    const match = group === 'any' ? allWords : `{${group}} : (${allWords})`;
    const shift = sql.lit(SQLITE_KEY_SHIFT);
    // Keys pass 2^53, so they stay in SQL rather than become JavaScript numbers.
    const { rows } = await sql<SongRow>`
      WITH newest AS MATERIALIZED (
        SELECT rowid AS key FROM songs_fts WHERE songs_fts MATCH ${match}
        ORDER BY rowid DESC LIMIT ${limit}
      ),
      last AS MATERIALIZED (
        SELECT count(*) AS found, min(key) AS key, (min(key) >> ${shift}) << ${shift} AS millisecond
        FROM newest
      ),
      candidates AS (
        SELECT key FROM newest
        UNION ALL
        SELECT f.rowid FROM last CROSS JOIN songs_fts f
        WHERE last.found = ${limit} AND last.key > last.millisecond
          AND f.songs_fts MATCH ${match} AND f.rowid >= last.millisecond AND f.rowid < last.key
      )
      SELECT s.* FROM candidates c
      JOIN song_search_keys k ON k.key = c.key
      JOIN songs s ON s.id = k.song_id
      ORDER BY s.created_at DESC, s.id DESC
      LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  /**
   * The newest POSTGRES_RECENT_SONGS songs are read once and each group's matches among them
   * marked. A group with `limit` matches there needs nothing more. Any other group has few
   * matches among recent songs, hence (unless the library is lopsided) few at all, and all of
   * them are found through its GIN index and sorted.
   */
  private async postgresMatchWords(
    text: string,
    groups: WordGroup[],
    limit: number,
  ): Promise<SongRecord[]> {
    const query = postgresPrefixQuery(text);
    const { rows: recent } = await postgresRecentMatches(query, groups, limit).execute(this.db);
    const found = new Map<string, SongRecord>();
    for (const group of groups) {
      let rows: SongRow[] = recent.filter((row) => row[`wanted_${group}`]);
      if (rows.length < limit) {
        ({ rows } = await postgresNewestInGroup(query, group, limit).execute(this.db));
      }
      for (const row of rows) {
        if (found.size === limit) break;
        if (!found.has(row.id)) found.set(row.id, songRecordOf(row, []));
      }
      if (found.size === limit) break;
    }
    return [...found.values()];
  }

  /** Songs whose fields contain every word anywhere, even mid-word; case ignored, accents kept. */
  async matchSubstrings(words: string[], limit: number): Promise<SongRecord[]> {
    if (words.length === 0) return [];
    const patterns = words.map((word) => `%${word}%`);
    const containsAll = (text: RawBuilder<unknown>) =>
      sql.join(
        patterns.map((pattern) => sql`${text} LIKE ${pattern}`),
        sql` AND `,
      );
    const field = (name: SearchField) => sql`lower(coalesce(s.${sql.ref(name)}, ''))`;
    // The same expression as the trigram index of the search migration on PostgreSQL.
    const allFields = sql`lower(s.title || ' ' || s.artist || ' ' || coalesce(s.album, '') || ' ' || s.genre)`;
    const tier = sql.join(
      SEARCH_FIELDS.map(
        (name, index) => sql`WHEN ${containsAll(field(name))} THEN ${sql.lit(index)}`,
      ),
      sql` `,
    );
    const { rows } = await sql<SongRow>`
      SELECT s.* FROM songs s
      WHERE ${containsAll(allFields)}
      ORDER BY CASE ${tier} ELSE ${sql.lit(SPREAD_OVER_FIELDS)} END, s.created_at DESC, s.id DESC
      LIMIT ${limit}`.execute(this.db);
    return withArtists(
      this.db,
      rows.map((row) => songRecordOf(row, [])),
    );
  }
}

/**
 * Songs read newest first before the GIN indexes are tried: enough for a group whose words
 * are common (one song in 100 or more), few enough to read in a millisecond or two.
 */
const POSTGRES_RECENT_SONGS = 5000;

/**
 * tsquery: the text is folded by the same function as the documents, then each word becomes
 * `word:*`, a prefix. Only letters, digits and spaces reach to_tsquery, so its syntax cannot be
 * injected; an empty fold matches nothing.
 */
function postgresPrefixQuery(text: string): RawBuilder<unknown> {
  return sql`to_tsquery('simple', nullif(regexp_replace(btrim(search_fold(${text})), ' +', ':* & ', 'g'), '') || ':*')`;
}

/**
 * A song row with, per group, whether it is one of the recent songs that group needs (the
 * record of the row leaves the flags behind).
 */
type RecentRow = SongRow & Partial<Record<`wanted_${WordGroup}`, boolean>>;

/**
 * Of the POSTGRES_RECENT_SONGS newest songs, newest first, those among the newest `limit`
 * matches (there) of a group that may be needed: groups after the first with `limit` matches
 * there are not.
 */
function postgresRecentMatches(
  query: RawBuilder<unknown>,
  groups: WordGroup[],
  limit: number,
): RawBuilder<RecentRow> {
  const newest = sql`ORDER BY created_at DESC, song_id DESC`;
  const inGroup = (group: WordGroup) =>
    group === 'any' ? sql`true` : sql`r.${sql.ref(POSTGRES_DOCUMENTS[group])} @@ q.query`;
  const counts = groups.map(
    (group) => sql`
      count(*) FILTER (WHERE ${sql.ref(`in_${group}`)}) OVER (${newest}) AS ${sql.ref(`rank_${group}`)},
      count(*) FILTER (WHERE ${sql.ref(`in_${group}`)}) OVER () AS ${sql.ref(`total_${group}`)}`,
  );
  const wanted = groups.map((group, index) => {
    const fullBefore = groups
      .slice(0, index)
      .map((before) => sql` AND ${sql.ref(`total_${before}`)} < ${limit}`);
    return sql`${sql.ref(`in_${group}`)} AND ${sql.ref(`rank_${group}`)} <= ${limit}${sql.join(fullBefore, sql``)}`;
  });
  return sql<RecentRow>`
    WITH q AS MATERIALIZED (SELECT ${query} AS query),
    recent AS (
      SELECT r.song_id, r.created_at,
        ${sql.join(groups.map((group) => sql`${inGroup(group)} AS ${sql.ref(`in_${group}`)}`))}
      FROM (
        SELECT * FROM song_search ${newest} LIMIT ${sql.lit(POSTGRES_RECENT_SONGS)}
      ) r, q
      WHERE r.document @@ q.query
    ),
    ranked AS (SELECT *, ${sql.join(counts)} FROM recent),
    needed AS (
      SELECT song_id, created_at,
        ${sql.join(groups.map((group, index) => sql`${wanted[index]} AS ${sql.ref(`wanted_${group}`)}`))}
      FROM ranked
    )
    SELECT s.*, ${sql.join(groups.map((group) => sql.ref(`n.wanted_${group}`)))}
    FROM needed n JOIN songs s ON s.id = n.song_id
    WHERE ${sql.join(
      groups.map((group) => sql.ref(`n.wanted_${group}`)),
      sql` OR `,
    )}
    ORDER BY n.created_at DESC, n.song_id DESC`;
}

/**
 * The newest `limit` songs of a group, from every match its GIN index finds (MATERIALIZED
 * keeps the planner from walking the songs newest first instead).
 */
function postgresNewestInGroup(
  query: RawBuilder<unknown>,
  group: WordGroup,
  limit: number,
): RawBuilder<SongRow> {
  return sql<SongRow>`
    WITH matches AS MATERIALIZED (
      SELECT song_id, created_at FROM song_search
      WHERE ${sql.ref(POSTGRES_DOCUMENTS[group])} @@ ${query}
    )
    SELECT s.* FROM (
      SELECT song_id, created_at FROM matches
      ORDER BY created_at DESC, song_id DESC LIMIT ${limit}
    ) m
    JOIN songs s ON s.id = m.song_id
    ORDER BY m.created_at DESC, m.song_id DESC`;
}
