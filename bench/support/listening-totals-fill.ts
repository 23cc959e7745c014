// The statistics a generated library's listeners have (listening_totals), made from their plays
// by the statements migration 2026-12-18-listening-stats fills them with for the plays there were:
// per listener, period (all time, each year, each month) and kind (the whole period, each song,
// album, main artist, tag genre, day, hour and weekday), plays and seconds, in UTC, which is
// every generated listener's time zone (none set). Each play's song, length and UTC day, hour
// and weekday are read once into a scratch table rather than once per statement.
// `requireSameAsRebuilt` checks the result against PlaysRepository.rebuildTotals for a few
// listeners, so that a change of the server's counting is not missed here.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../../apps/server/src/db/database';
import type { Database } from '../../apps/server/src/db/schema';
import { PlaysRepository } from '../../apps/server/src/modules/songs/plays.repository';

const SCRATCH = 'generated_listens';

/** Each play of a listener without a time zone, with its song's length and UTC day, hour, weekday. */
function playsInUtc(dialect: DialectName): RawBuilder<unknown> {
  const postgres = dialect === 'postgres';
  const utc = sql`(plays.played_at AT TIME ZONE 'UTC')`;
  const day = postgres ? sql`to_char(${utc}, 'YYYY-MM-DD')` : sql`substr(plays.played_at, 1, 10)`;
  const hour = postgres ? sql`to_char(${utc}, 'HH24')` : sql`substr(plays.played_at, 12, 2)`;
  const weekday = postgres
    ? sql`(extract(isodow from ${utc})::integer - 1)::text`
    : sql`cast((cast(strftime('%w', substr(plays.played_at, 1, 10)) as integer) + 6) % 7 as text)`;
  return sql`
    SELECT plays.user_id, plays.song_id, songs.album_id, songs.duration AS seconds,
      ${day} AS day, ${hour} AS hour, ${weekday} AS weekday
    FROM plays JOIN songs ON songs.id = plays.song_id
    JOIN users ON users.id = plays.user_id AND users.time_zone IS NULL`;
}

/** Fills listening_totals for every listener without a time zone (every generated one). */
export async function fillListeningTotals(
  db: Kysely<Database>,
  dialect: DialectName,
): Promise<void> {
  // One transaction, and on PostgreSQL working memory for its groupings (for it only), as a
  // restore gets: the scratch table goes with a rollback too.
  await db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`SET LOCAL work_mem = '256MB'`.execute(trx);
    await sql`CREATE TABLE ${sql.table(SCRATCH)} AS ${playsInUtc(dialect)}`.execute(trx);
    const periods = [sql`'all'`, sql`'y' || substr(p.day, 1, 4)`, sql`'m' || substr(p.day, 1, 7)`];
    const kinds = [
      { kind: 'total', item: sql`''`, from: sql``, where: sql`` },
      { kind: 'song', item: sql`p.song_id`, from: sql``, where: sql`` },
      {
        kind: 'album',
        item: sql`p.album_id`,
        from: sql``,
        where: sql`WHERE p.album_id IS NOT NULL`,
      },
      {
        kind: 'artist',
        item: sql`sa.artist_id`,
        from: sql`JOIN song_artists sa ON sa.song_id = p.song_id AND sa.role = 'main'`,
        where: sql``,
      },
      {
        kind: 'genre',
        item: sql`sg.genre_id`,
        from: sql`JOIN song_genres sg ON sg.song_id = p.song_id`,
        where: sql``,
      },
      { kind: 'day', item: sql`p.day`, from: sql``, where: sql`` },
      { kind: 'hour', item: sql`p.hour`, from: sql``, where: sql`` },
      { kind: 'weekday', item: sql`p.weekday`, from: sql``, where: sql`` },
    ];
    const itemKinds = new Set(['song', 'album', 'artist', 'genre']);
    for (const [index, period] of periods.entries()) {
      for (const { kind, item, from, where } of kinds) {
        const firstDay = index === 0 && itemKinds.has(kind) ? sql`min(p.day)` : sql`NULL`;
        // PostgreSQL refuses a constant in GROUP BY: group by what varies only. The rows go in
        // in the primary key's order, so that its index is written front to back.
        const groups = [sql`p.user_id`];
        if (index > 0) groups.push(period);
        if (kind !== 'total') groups.push(item);
        await sql`
          INSERT INTO listening_totals (user_id, period, kind, item, plays, seconds, first_day)
          SELECT p.user_id, ${period}, ${kind}, ${item}, count(*), sum(p.seconds), ${firstDay}
          FROM ${sql.table(SCRATCH)} p ${from} ${where}
          GROUP BY ${sql.join(groups)}
          ORDER BY ${sql.join(groups)}`.execute(trx);
      }
    }
    await sql`DROP TABLE ${sql.table(SCRATCH)}`.execute(trx);
    // And how many items each period and kind holds, as the server keeps with each play.
    await sql`
      INSERT INTO listening_item_counts (user_id, period, kind, items)
      SELECT t.user_id, t.period, t.kind, count(*) FROM listening_totals t
      JOIN users ON users.id = t.user_id AND users.time_zone IS NULL
      GROUP BY t.user_id, t.period, t.kind`.execute(trx);
  });
}

type TotalRow = Record<string, unknown>;

async function totalsOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows: TotalRow[] = await db
    .selectFrom('listening_totals')
    .select(['period', 'kind', 'item', 'plays', 'seconds', 'first_day'])
    .where('user_id', '=', userId)
    .execute();
  const counts = await db
    .selectFrom('listening_item_counts')
    .select(['period', 'kind', 'items'])
    .where('user_id', '=', userId)
    .execute();
  return [
    ...rows.map((row) =>
      [row.period, row.kind, row.item, Number(row.plays), Number(row.seconds), row.first_day].join(
        '\u0001',
      ),
    ),
    ...counts.map((row) => ['items', row.period, row.kind, Number(row.items)].join('\u0001')),
  ].sort();
}

/**
 * Rebuilds the statistics of the `count` listeners with the most plays through the server's own
 * PlaysRepository.rebuildTotals and fails unless they come out as filled.
 */
export async function requireSameAsRebuilt(db: Kysely<Database>, count: number): Promise<void> {
  const { rows } = await sql<{ user_id: string }>`
    SELECT plays.user_id FROM plays JOIN users ON users.id = plays.user_id
    WHERE users.time_zone IS NULL
    GROUP BY plays.user_id ORDER BY count(*) DESC, plays.user_id LIMIT ${count}`.execute(db);
  const plays = new PlaysRepository(db);
  for (const { user_id } of rows) {
    const filled = await totalsOf(db, user_id);
    await plays.rebuildTotals(user_id);
    const rebuilt = await totalsOf(db, user_id);
    const differ = filled.length !== rebuilt.length || filled.some((row, i) => row !== rebuilt[i]);
    if (differ) {
      const missing = rebuilt.filter((row) => !filled.includes(row)).slice(0, 3);
      throw new Error(
        `statistics of listener ${user_id}: ${filled.length} rows filled, ` +
          `${rebuilt.length} rebuilt by the server; e.g. ${missing.join(' | ').replaceAll('\u0001', ',')}`,
      );
    }
  }
}
