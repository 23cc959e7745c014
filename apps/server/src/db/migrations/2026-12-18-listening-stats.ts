import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * A listener's statistics read counts kept with each play, never the plays themselves:
 * - `users.time_zone`: the IANA zone that decides on which day, hour and weekday a play fell
 *   (null: UTC until the listener or their browser chooses one);
 * - `listening_totals`: per listener, period (`all`, `y2026`, `m2026-11`), kind and item, the
 *   plays and seconds listened: the whole period (kind `total`), each song, album, main artist
 *   and tag genre, each day, hour and weekday; all time's songs, albums, artists and genres
 *   keep the first day they were played (new discoveries);
 * - an index on albums' month and day of release, for "On this day".
 * Counts of the plays that exist are filled here, in UTC: every listener's zone is still unset.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('users').addColumn('time_zone', 'text').execute();
  await db.schema
    .createTable('listening_totals')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item', 'text', (c) => c.notNull())
    .addColumn('plays', 'integer', (c) => c.notNull())
    .addColumn('seconds', 'integer', (c) => c.notNull())
    .addColumn('first_day', 'text')
    .addPrimaryKeyConstraint('listening_totals_pkey', ['user_id', 'period', 'kind', 'item'])
    .execute();
  // Top lists: a period's songs (or artists…) most played first, read from the index's end.
  await db.schema
    .createIndex('listening_totals_top_idx')
    .on('listening_totals')
    .columns(['user_id', 'kind', 'period', 'plays', 'seconds', 'item'])
    .execute();
  await db.schema
    .createIndex('listening_totals_first_idx')
    .on('listening_totals')
    .columns(['user_id', 'kind', 'first_day'])
    .where(sql.ref('first_day'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('albums_release_month_day_idx')
    .on('albums')
    .expression(sql`substr(release_date, 6, 5)`)
    .execute();
  await fillFromPlays(db, postgres);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('albums_release_month_day_idx').execute();
  await db.schema.dropTable('listening_totals').execute();
  await db.schema.alterTable('users').dropColumn('time_zone').execute();
}

/** Each play with its song's length and its UTC day, hour and weekday (0 = Monday). */
function playsInUtc(postgres: boolean) {
  const utc = sql`(plays.played_at AT TIME ZONE 'UTC')`;
  const day = postgres ? sql`to_char(${utc}, 'YYYY-MM-DD')` : sql`substr(plays.played_at, 1, 10)`;
  const hour = postgres ? sql`to_char(${utc}, 'HH24')` : sql`substr(plays.played_at, 12, 2)`;
  const weekday = postgres
    ? sql`(extract(isodow from ${utc})::integer - 1)::text`
    : sql`cast((cast(strftime('%w', substr(plays.played_at, 1, 10)) as integer) + 6) % 7 as text)`;
  return sql`(
    SELECT plays.user_id, plays.song_id, songs.album_id, songs.duration AS seconds,
      ${day} AS day, ${hour} AS hour, ${weekday} AS weekday
    FROM plays JOIN songs ON songs.id = plays.song_id
  )`;
}

async function fillFromPlays(db: Kysely<any>, postgres: boolean): Promise<void> {
  const periods = [sql`'all'`, sql`'y' || substr(p.day, 1, 4)`, sql`'m' || substr(p.day, 1, 7)`];
  const kinds = [
    { kind: 'total', item: sql`''`, from: sql``, where: sql`` },
    { kind: 'song', item: sql`p.song_id`, from: sql``, where: sql`` },
    { kind: 'album', item: sql`p.album_id`, from: sql``, where: sql`WHERE p.album_id IS NOT NULL` },
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
      // PostgreSQL refuses a constant in GROUP BY: group by what varies only.
      const groups = [sql`p.user_id`];
      if (index > 0) groups.push(period);
      if (kind !== 'total') groups.push(item);
      await sql`
        INSERT INTO listening_totals (user_id, period, kind, item, plays, seconds, first_day)
        SELECT p.user_id, ${period}, ${kind}, ${item}, count(*), sum(p.seconds), ${firstDay}
        FROM ${playsInUtc(postgres)} p ${from} ${where}
        GROUP BY ${sql.join(groups)}
      `.execute(db);
    }
  }
}
