import { sql, type RawBuilder } from 'kysely';
import type { SongRow } from '../../db/schema';
import type { SearchGroup } from './search-groups';
import { containsAll, substringText } from './substring-like.repository';

/**
 * Songs read newest first before the indexes are tried: enough for a group whose words are
 * common (one song in 100 or more), few enough to read in a millisecond or two.
 */
export const POSTGRES_RECENT_SONGS = 5000;

/**
 * Songs read newest first before those: a word as common as a single letter fills the answer
 * from its first group among them, at a tenth of the cost.
 */
export const POSTGRES_FIRST_RECENT_SONGS = 500;

/** PostgreSQL tsvector of each group (the song-search-fields migration). */
const POSTGRES_DOCUMENTS: Record<SearchGroup, string> = {
  title: 'title_document',
  artist: 'artist_document',
  album: 'album_document',
  genre: 'genre_document',
  any: 'document',
};

/**
 * tsquery of the words of `text`, folded by the same function as the documents, each word
 * followed by `suffix` and joined by AND. Only letters, digits and spaces reach to_tsquery, so
 * its syntax cannot be injected; an empty fold matches nothing.
 */
function foldedWordsQuery(text: string, suffix: '' | ':*'): RawBuilder<unknown> {
  const and = sql.lit(`${suffix} & `);
  return sql`to_tsquery('simple', nullif(regexp_replace(btrim(search_fold(${text})), ' +', ${and}, 'g'), '') || ${sql.lit(suffix)})`;
}

/** tsquery for a document itself: each word becomes `word:*`, a prefix. */
export function postgresPrefixQuery(text: string): RawBuilder<unknown> {
  return foldedWordsQuery(text, ':*');
}

/**
 * The same search for `search_prefixes(document)`, which holds every prefix of every word of
 * the document (the search-prefix-entries migration): each folded word is an exact term, one
 * entry of the document's GIN index. Matches exactly the songs postgresPrefixQuery matches.
 */
function postgresPrefixEntriesQuery(text: string): RawBuilder<unknown> {
  return foldedWordsQuery(text, '');
}

/** A group's document as its index holds it: every word start an entry. */
const prefixEntriesOf = (group: SearchGroup, alias: string) =>
  sql`search_prefixes(${sql.ref(`${alias}.${POSTGRES_DOCUMENTS[group]}`)})`;

/**
 * A song row with, per group, whether it is one of the recent songs that group needs (the
 * record of the row leaves the flags behind).
 */
export type RecentRow = SongRow & Partial<Record<`wanted_${SearchGroup}`, boolean>>;

const flagsOf = (groups: SearchGroup[], inGroup: (group: SearchGroup) => RawBuilder<unknown>) =>
  sql.join(groups.map((group) => sql`${inGroup(group)} AS ${sql.ref(`in_${group}`)}`));

/**
 * True unless some word starts no word of any song, in which case no song can match: one index
 * probe per word. The planner reads a common word's first match from the table in a few rows
 * and looks a rare one up in the GIN index (with statistics, which ANALYZE and autovacuum keep).
 * A word that folds to nothing constrains nothing, as in the search itself.
 */
export function postgresEveryWordStarts(words: readonly string[]): RawBuilder<boolean> {
  return everyWord(words, (word) => {
    const query = postgresPrefixEntriesQuery(word);
    return sql`(${query} IS NULL OR EXISTS (SELECT 1 FROM song_search d WHERE ${prefixEntriesOf('any', 'd')} @@ ${query}))`;
  });
}

/** As postgresEveryWordStarts for substrings, through the trigram index over all four fields. */
export function postgresEveryWordContained(words: readonly string[]): RawBuilder<boolean> {
  return everyWord(
    words,
    (word) =>
      sql`EXISTS (SELECT 1 FROM songs s WHERE ${containsAll(substringText('s', 'any'), [word])})`,
  );
}

function everyWord(
  words: readonly string[],
  found: (word: string) => RawBuilder<unknown>,
): RawBuilder<boolean> {
  return sql<boolean>`(${sql.join(words.map(found), sql` AND `)})`;
}

/**
 * The `recentSongs` newest songs whose fields hold every word start, with the groups each is in.
 */
export function postgresRecentWordMatches(
  query: RawBuilder<unknown>,
  groups: SearchGroup[],
  limit: number,
  recentSongs: number,
): RawBuilder<RecentRow> {
  const inGroup = (group: SearchGroup) =>
    group === 'any' ? sql`true` : sql`r.${sql.ref(POSTGRES_DOCUMENTS[group])} @@ q.query`;
  return recentMatches(
    sql`
      WITH q AS MATERIALIZED (SELECT ${query} AS query),
      recent AS (
        SELECT r.song_id, r.created_at, ${flagsOf(groups, inGroup)}
        FROM (
          SELECT * FROM song_search ORDER BY created_at DESC, song_id DESC
          LIMIT ${sql.lit(recentSongs)}
        ) r, q
        WHERE r.document @@ q.query
      )`,
    groups,
    limit,
  );
}

/** The `recentSongs` newest songs whose fields contain every word, with their groups. */
export function postgresRecentSubstringMatches(
  words: readonly string[],
  groups: SearchGroup[],
  limit: number,
  recentSongs: number,
): RawBuilder<RecentRow> {
  const inGroup = (group: SearchGroup) =>
    sql`coalesce(${containsAll(substringText('r', group), words)}, false)`;
  return recentMatches(
    sql`
      WITH recent AS (
        SELECT r.id AS song_id, r.created_at, ${flagsOf(groups, inGroup)}
        FROM (
          SELECT * FROM songs ORDER BY created_at DESC, id DESC
          LIMIT ${sql.lit(recentSongs)}
        ) r
        WHERE ${containsAll(substringText('r', 'any'), words)}
      )`,
    groups,
    limit,
  );
}

/**
 * Of the matches among the newest songs (`recent`: a WITH list ending in
 * `recent (song_id, created_at, in_<group>…)`), newest first, those among the newest `limit`
 * matches (there) of a group that may be needed: groups after the first with `limit` matches
 * there are not.
 */
function recentMatches(
  recent: RawBuilder<unknown>,
  groups: SearchGroup[],
  limit: number,
): RawBuilder<RecentRow> {
  const newest = sql`ORDER BY created_at DESC, song_id DESC`;
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
    ${recent},
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
 * The newest `limit` songs of a group whose fields hold every word start of `text`, from every
 * match its GIN index finds.
 */
export function postgresNewestWordMatches(
  text: string,
  group: SearchGroup,
  limit: number,
): RawBuilder<SongRow> {
  return newestOf(
    sql`SELECT d.song_id, d.created_at FROM song_search d
      WHERE ${prefixEntriesOf(group, 'd')} @@ ${postgresPrefixEntriesQuery(text)}`,
    limit,
  );
}

/**
 * The newest `limit` songs of a group by substrings, from every match its trigram index finds
 * (words of three characters or more: shorter ones have no trigram to look up).
 */
export function postgresNewestSubstringMatches(
  words: readonly string[],
  group: SearchGroup,
  limit: number,
): RawBuilder<SongRow> {
  return newestOf(
    sql`SELECT s.id AS song_id, s.created_at FROM songs s
      WHERE ${containsAll(substringText('s', group), words)}`,
    limit,
  );
}

/**
 * The newest `limit` of `matches` (song_id, created_at) as song rows. MATERIALIZED keeps the
 * planner from walking the songs newest first instead.
 */
function newestOf(matches: RawBuilder<unknown>, limit: number): RawBuilder<SongRow> {
  return sql<SongRow>`
    WITH matches AS MATERIALIZED (${matches})
    SELECT s.* FROM (
      SELECT song_id, created_at FROM matches
      ORDER BY created_at DESC, song_id DESC LIMIT ${limit}
    ) m
    JOIN songs s ON s.id = m.song_id
    ORDER BY m.created_at DESC, m.song_id DESC`;
}
