import { sql, type RawBuilder } from 'kysely';
import type { SearchGroup } from './search-groups';

/**
 * The lower-cased text of a group of the song aliased `alias`, as the substring search filters
 * on it. On PostgreSQL each is the very expression of a trigram index (the song-search and
 * song-substring-index migrations), or the index goes unused.
 */
export function substringText(alias: string, group: SearchGroup): RawBuilder<string | null> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  if (group !== 'any') return sql`lower(${column(group)})`;
  return sql`lower(${column('title')} || ' ' || ${column('artist')} || ' ' || coalesce(${column('album')}, '') || ' ' || ${column('genre')})`;
}

/**
 * True when `text` contains every word (NULL for a NULL text). Words hold letters and digits
 * only (see search-terms.ts), so none carries a LIKE wildcard or escape.
 */
export function containsAll(
  text: RawBuilder<string | null>,
  words: readonly string[],
): RawBuilder<boolean | null> {
  return sql<boolean | null>`(${sql.join(
    words.map((word) => sql`${text} LIKE ${`%${word}%`}`),
    sql` AND `,
  )})`;
}
