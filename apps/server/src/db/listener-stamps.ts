import type { Kysely } from 'kysely';
import { toIso, type Database } from './schema';

/**
 * What changes whenever a listener's plays change, read by two primary-key or index lookups:
 * the all-time count of their plays and its seconds (kept with each play in
 * `listening_totals`), and their latest play. A play recorded raises the count; one removed
 * lowers it; both at once move the latest play or the seconds. For what is kept of a
 * listener's plays until they change.
 */
export async function playsStamp(db: Kysely<Database>, userId: string): Promise<string> {
  const [total, latest] = await Promise.all([
    db
      .selectFrom('listening_totals')
      .select(['plays', 'seconds'])
      .where('user_id', '=', userId)
      .where('period', '=', 'all')
      .where('kind', '=', 'total')
      .where('item', '=', '')
      .executeTakeFirst(),
    db
      .selectFrom('last_plays')
      .select('played_at')
      .where('user_id', '=', userId)
      .orderBy('played_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const at = latest ? toIso(latest.played_at) : '';
  return `${Number(total?.plays ?? 0)}/${Number(total?.seconds ?? 0)}/${at}`;
}

/** The same for a listener's likes of songs: how many, and the latest (a like always is). */
export async function likesStamp(db: Kysely<Database>, userId: string): Promise<string> {
  const liked = await db
    .selectFrom('likes')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('created_at').as('at')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return `${Number(liked.n)}/${liked.at === null ? '' : toIso(liked.at)}`;
}
