// Rows bench/lists.ts adds to a generated library so that every list is as deep as the songs
// list. The generator keeps each listener's likes, plays and playlists to a few dozen whatever
// the library's size, writes no saves, no contact messages and no feedback, and makes one
// account per hundred songs: none of those lists would have a deep page. So, one statement each,
// from the songs themselves (one row per song, dated as the song, its id reused as the row's):
//   - an account of its own, `lists-bench-listener@example.invalid`, that liked, saved and
//     played every song and owns one (empty, private) playlist per song;
//   - one account per song (`lists-bench-<id>@example.invalid`) for the admin area's accounts;
//   - one contact message and one feedback answer per song, for the admin inbox.
// `removeDeepRows` deletes all of them again, so a library kept for later runs is left as built.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../apps/server/src/db/database';
import type { Database } from '../../apps/server/src/db/schema';

const MARK = 'lists-bench';
export const DEEP_LISTENER_EMAIL = `${MARK}-listener@example.invalid`;
/** A UUID no song has (songs' ids are UUIDv7): the deep listener's id. */
const DEEP_LISTENER_ID = '00000000-0000-7000-8000-00000000bec4';

const TOUCHED = [
  'users',
  'likes',
  'saves',
  'plays',
  'last_plays',
  'playlists',
  'contact_messages',
  'feedback',
];

/** Adds the rows; answers the deep listener's id. */
export async function addDeepRows(db: Kysely<Database>, dialect: DialectName): Promise<string> {
  await removeDeepRows(db, dialect);
  const listener = DEEP_LISTENER_ID;
  await db.transaction().execute(async (trx) => {
    await sql`INSERT INTO users (id, name, email, password_hash, role, created_at)
      VALUES (${listener}, 'Deep Listener', ${DEEP_LISTENER_EMAIL}, 'not-used', 'user',
        (SELECT min(created_at) FROM users))`.execute(trx);
    for (const mark of ['likes', 'saves']) {
      await sql`INSERT INTO ${sql.table(mark)} (user_id, song_id, created_at)
        SELECT ${listener}, id, created_at FROM songs`.execute(trx);
    }
    await sql`INSERT INTO plays (user_id, song_id, played_at)
      SELECT ${listener}, id, created_at FROM songs`.execute(trx);
    // What recordPlay keeps beside each play: the listener's last play of each song.
    await sql`INSERT INTO last_plays (user_id, song_id, played_at, play_id)
      SELECT user_id, song_id, max(played_at), max(id) FROM plays WHERE user_id = ${listener}
      GROUP BY user_id, song_id`.execute(trx);
    await sql`INSERT INTO playlists (id, owner_id, name, description, is_public, is_default, created_at)
      SELECT id, ${listener}, title, '', 0, 0, created_at FROM songs`.execute(trx);
    await sql`INSERT INTO users (id, name, email, password_hash, role, created_at)
      SELECT id, 'Bench Account', ${`${MARK}-`} || id || '@example.invalid', 'not-used', 'user',
        created_at FROM songs`.execute(trx);
    await sql`INSERT INTO contact_messages (id, name, email, subject, message, issue_type, created_at)
      SELECT id, 'Bench Sender', ${`${MARK}@example.invalid`}, NULL, title, 'other', created_at
      FROM songs`.execute(trx);
    await sql`INSERT INTO feedback
        (id, rating, usability, liked, improvements, recommend, additional_feedback, user_name,
         created_at)
      SELECT id, 4, 'easy', NULL, NULL, 'likely', NULL, ${MARK}, created_at
      FROM songs`.execute(trx);
  });
  await analyze(db, dialect);
  return listener;
}

/** Deletes what `addDeepRows` added, if anything. */
export async function removeDeepRows(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  const listener = DEEP_LISTENER_ID;
  await db.transaction().execute(async (trx) => {
    for (const table of ['likes', 'saves', 'plays', 'last_plays']) {
      await sql`DELETE FROM ${sql.table(table)} WHERE user_id = ${listener}`.execute(trx);
    }
    await sql`DELETE FROM playlists WHERE owner_id = ${listener}`.execute(trx);
    await sql`DELETE FROM users WHERE email LIKE ${`${MARK}-%@example.invalid`}`.execute(trx);
    await sql`DELETE FROM contact_messages WHERE email = ${`${MARK}@example.invalid`}`.execute(trx);
    await sql`DELETE FROM feedback WHERE user_name = ${MARK}`.execute(trx);
  });
  await analyze(db, dialect);
}

/**
 * PostgreSQL plans by statistics, which autovacuum would gather on a live server after so many
 * rows; SQLite, as on a live server, has none (the generator runs no ANALYZE there either).
 */
async function analyze(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const table of TOUCHED) await sql`ANALYZE ${sql.table(table)}`.execute(db);
}
