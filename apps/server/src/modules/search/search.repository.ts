import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/database';
import type { Database, SongRow } from '../../db/schema';

/**
 * Both dialects rank the same way, so that they answer the same songs in the same order:
 * first songs whose title holds every word, then artist, album, genre, then songs whose words
 * are spread over several fields; newest first within each of those.
 */
const SEARCH_FIELDS = ['title', 'artist', 'album', 'genre'] as const;
type SearchField = (typeof SEARCH_FIELDS)[number];
const SPREAD_OVER_FIELDS = SEARCH_FIELDS.length;

/** tsvector weights given to each field by the search migration. */
const POSTGRES_WEIGHTS: Record<SearchField, string> = {
  title: 'A',
  artist: 'B',
  album: 'C',
  genre: 'D',
};

export class SearchRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /**
   * Songs where each word starts a word of the title, artist, album or genre, accents and case
   * ignored. `words` must hold letters and digits only (see search-terms.ts).
   */
  async matchWords(words: string[], limit: number): Promise<SongRow[]> {
    if (words.length === 0) return [];
    const query =
      this.dialect === 'postgres'
        ? postgresWordQuery(words.join(' '), limit)
        : sqliteWordQuery(words, limit);
    const { rows } = await query.execute(this.db);
    return rows;
  }

  /** Songs whose fields contain every word anywhere, even mid-word; case ignored, accents kept. */
  async matchSubstrings(words: string[], limit: number): Promise<SongRow[]> {
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
    return rows;
  }
}

/** FTS5: each word a quoted prefix term; one MATCH per field gives each song its tier. */
function sqliteWordQuery(words: string[], limit: number): RawBuilder<SongRow> {
  const allWords = words.map((word) => `"${word}"*`).join(' AND ');
  const inField = (name: SearchField) => `{${name}} : (${allWords})`;
  const fieldMatches = SEARCH_FIELDS.map(
    (name, index) =>
      sql`SELECT rowid AS key, ${sql.lit(index)} AS tier FROM songs_fts WHERE songs_fts MATCH ${inField(name)}`,
  );
  return sql<SongRow>`
    WITH matches AS (
      SELECT rowid AS key, ${sql.lit(SPREAD_OVER_FIELDS)} AS tier
      FROM songs_fts WHERE songs_fts MATCH ${allWords}
      UNION ALL ${sql.join(fieldMatches, sql` UNION ALL `)}
    ),
    ranked AS (SELECT key, min(tier) AS tier FROM matches GROUP BY key)
    SELECT s.* FROM ranked r
    JOIN song_search_keys k ON k.key = r.key
    JOIN songs s ON s.id = k.song_id
    ORDER BY r.tier, s.created_at DESC, s.id DESC
    LIMIT ${limit}`;
}

/**
 * tsquery: the text is folded by the same function as the documents, then each word becomes
 * `word:*` (a prefix, optionally restricted to one field's weight). Only letters, digits and
 * spaces reach to_tsquery, so its syntax cannot be injected; an empty fold matches nothing.
 */
function postgresWordQuery(text: string, limit: number): RawBuilder<SongRow> {
  const prefixQuery = (weight: string) => {
    const suffix = `:*${weight}`;
    return sql`to_tsquery('simple', nullif(regexp_replace(btrim(search_fold(${text})), ' +', ${`${suffix} & `}, 'g'), '') || ${suffix})`;
  };
  const tier = sql.join(
    SEARCH_FIELDS.map(
      (name, index) =>
        sql`WHEN d.document @@ ${prefixQuery(POSTGRES_WEIGHTS[name])} THEN ${sql.lit(index)}`,
    ),
    sql` `,
  );
  return sql<SongRow>`
    SELECT s.* FROM song_search d
    JOIN songs s ON s.id = d.song_id
    WHERE d.document @@ ${prefixQuery('')}
    ORDER BY CASE ${tier} ELSE ${sql.lit(SPREAD_OVER_FIELDS)} END, s.created_at DESC, s.id DESC
    LIMIT ${limit}`;
}
