import type { Kysely } from 'kysely';
import {
  ALL_TIME,
  deltaKey,
  foldPlays,
  isItemKind,
  localMoment,
  type ListenedSong,
  type TimedPlay,
  type TotalDelta,
} from '../../domain/listening-totals';
import { chunks } from '../../db/chunks';
import { toIso, type Database } from '../../db/schema';

/** Plays read at a time when a listener's counts are built again. */
const REBUILD_BATCH = 20_000;

/** The listener's time zone; UTC until they choose one. */
export async function timeZoneOf(db: Kysely<Database>, userId: string): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('time_zone')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.time_zone ?? 'UTC';
}

function pushTo(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** What a play of each song counts under: its length, album, main artists and tag genres. */
export async function listenedSongs(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, ListenedSong>> {
  const found = new Map<string, { seconds: number; albumId: string | null }>();
  const artists = new Map<string, string[]>();
  const genres = new Map<string, string[]>();
  for (const part of chunks([...new Set(ids)])) {
    const songs = await db
      .selectFrom('songs')
      .select(['id', 'duration', 'album_id'])
      .where('id', 'in', part)
      .execute();
    for (const song of songs)
      found.set(song.id, { seconds: song.duration, albumId: song.album_id });
    const credits = await db
      .selectFrom('song_artists')
      .select(['song_id', 'artist_id'])
      .where('song_id', 'in', part)
      .where('role', '=', 'main')
      .execute();
    for (const { song_id, artist_id } of credits) pushTo(artists, song_id, artist_id);
    const tagged = await db
      .selectFrom('song_genres')
      .select(['song_id', 'genre_id'])
      .where('song_id', 'in', part)
      .execute();
    for (const { song_id, genre_id } of tagged) pushTo(genres, song_id, genre_id);
  }
  const songs = new Map<string, ListenedSong>();
  for (const [id, { seconds, albumId }] of found)
    songs.set(id, {
      id,
      seconds,
      albumId,
      artistIds: artists.get(id) ?? [],
      genreIds: genres.get(id) ?? [],
    });
  return songs;
}

/** Adds the counts of `plays` (of existing songs) to the listener's totals. */
export async function addToListeningTotals(
  trx: Kysely<Database>,
  userId: string,
  plays: readonly TimedPlay[],
): Promise<void> {
  const songs = await listenedSongs(
    trx,
    plays.map((play) => play.songId),
  );
  await addDeltas(trx, userId, foldPlays(plays, songs, await timeZoneOf(trx, userId)));
}

async function addDeltas(
  trx: Kysely<Database>,
  userId: string,
  deltas: ReadonlyMap<string, TotalDelta>,
): Promise<void> {
  // In key order, so that two transactions writing the same rows lock them alike.
  const ordered = [...deltas].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const newItems = new Map<string, ItemsChange>();
  for (const part of chunks(ordered)) {
    const written = await trx
      .insertInto('listening_totals')
      .values(
        part.map(([, delta]) => ({
          user_id: userId,
          period: delta.period,
          kind: delta.kind,
          item: delta.item,
          plays: delta.plays,
          seconds: delta.seconds,
          first_day: delta.firstDay,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['user_id', 'period', 'kind', 'item']).doUpdateSet((eb) => ({
          plays: eb('listening_totals.plays', '+', eb.ref('excluded.plays')),
          seconds: eb('listening_totals.seconds', '+', eb.ref('excluded.seconds')),
          first_day: eb
            .case()
            .when(
              eb.or([
                eb('listening_totals.first_day', 'is', null),
                eb('excluded.first_day', '<', eb.ref('listening_totals.first_day')),
              ]),
            )
            .then(eb.ref('excluded.first_day'))
            .else(eb.ref('listening_totals.first_day'))
            .end(),
        })),
      )
      .returning(['period', 'kind', 'item', 'plays'])
      .execute();
    // A kept row always holds a play, so a row holding no more than was added is a new one.
    for (const row of written) {
      const added = deltas.get(deltaKey(row.period, row.kind, row.item));
      if (added && Number(row.plays) <= added.plays) countItems(newItems, row.period, row.kind, 1);
    }
  }
  await changeItemCounts(trx, userId, newItems);
}

interface ItemsChange {
  readonly period: string;
  readonly kind: string;
  change: number;
}

function countItems(
  changes: Map<string, ItemsChange>,
  period: string,
  kind: string,
  change: number,
): void {
  const key = `${period}\u0000${kind}`;
  const found = changes.get(key);
  if (found) found.change += change;
  else changes.set(key, { period, kind, change });
}

/** Adds to (or takes from) how many items each period and kind holds, in key order. */
async function changeItemCounts(
  trx: Kysely<Database>,
  userId: string,
  changes: ReadonlyMap<string, ItemsChange>,
): Promise<void> {
  const ordered = [...changes.values()]
    .filter((change) => change.change !== 0)
    .sort((a, b) => compareText(a.period, b.period) || compareText(a.kind, b.kind));
  for (const part of chunks(ordered)) {
    await trx
      .insertInto('listening_item_counts')
      .values(
        part.map(({ period, kind, change }) => ({ user_id: userId, period, kind, items: change })),
      )
      .onConflict((oc) =>
        oc.columns(['user_id', 'period', 'kind']).doUpdateSet((eb) => ({
          items: eb('listening_item_counts.items', '+', eb.ref('excluded.items')),
        })),
      )
      .execute();
  }
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Takes one play out of the listener's totals; a count that reaches zero goes, and the first
 * day of an item whose first play it was is found again among the plays left. Called after the
 * play's row is gone.
 */
export async function takeFromListeningTotals(
  trx: Kysely<Database>,
  userId: string,
  play: TimedPlay,
): Promise<void> {
  const songs = await listenedSongs(trx, [play.songId]);
  const timeZone = await timeZoneOf(trx, userId);
  const deltas = foldPlays([play], songs, timeZone);
  const day = localMoment(play.playedAt, timeZone).day;
  const ordered = [...deltas].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const goneItems = new Map<string, ItemsChange>();
  for (const [, delta] of ordered) {
    const row = () =>
      trx
        .updateTable('listening_totals')
        .where('user_id', '=', userId)
        .where('period', '=', delta.period)
        .where('kind', '=', delta.kind)
        .where('item', '=', delta.item);
    const left = await row()
      .set((eb) => ({
        plays: eb('plays', '-', delta.plays),
        seconds: eb('seconds', '-', delta.seconds),
      }))
      .returning(['plays', 'first_day'])
      .executeTakeFirst();
    if (!left) continue;
    if (left.plays <= 0) {
      await trx
        .deleteFrom('listening_totals')
        .where('user_id', '=', userId)
        .where('period', '=', delta.period)
        .where('kind', '=', delta.kind)
        .where('item', '=', delta.item)
        .execute();
      countItems(goneItems, delta.period, delta.kind, -1);
      continue;
    }
    if (delta.period !== ALL_TIME || !isItemKind(delta.kind) || left.first_day !== day) continue;
    const first = await firstPlayOf(trx, userId, delta.kind, delta.item);
    if (first === null) continue;
    await row()
      .set({ first_day: localMoment(first, timeZone).day })
      .execute();
  }
  await changeItemCounts(trx, userId, goneItems);
}

/** The time of the listener's first play of a song, or of any song of an album, artist or genre. */
async function firstPlayOf(
  trx: Kysely<Database>,
  userId: string,
  kind: 'song' | 'album' | 'artist' | 'genre',
  item: string,
): Promise<string | null> {
  const plays = trx.selectFrom('plays').where('plays.user_id', '=', userId);
  const earliest = (query: typeof plays) =>
    query.select((eb) => eb.fn.min('plays.played_at').as('first')).executeTakeFirst();
  let row;
  if (kind === 'song') row = await earliest(plays.where('plays.song_id', '=', item));
  else if (kind === 'album')
    row = await earliest(
      plays.where('plays.song_id', 'in', (eb) =>
        eb.selectFrom('songs').select('songs.id').where('songs.album_id', '=', item),
      ),
    );
  else if (kind === 'artist')
    row = await earliest(
      plays.where('plays.song_id', 'in', (eb) =>
        eb
          .selectFrom('song_artists')
          .select('song_id')
          .where('artist_id', '=', item)
          .where('role', '=', 'main'),
      ),
    );
  else
    row = await earliest(
      plays.where('plays.song_id', 'in', (eb) =>
        eb.selectFrom('song_genres').select('song_id').where('genre_id', '=', item),
      ),
    );
  return row?.first == null ? null : toIso(row.first);
}

/**
 * Builds the listener's totals again from every play they have, in their time zone as it is
 * now: after the zone changed. Runs in the caller's transaction.
 */
export async function rebuildListeningTotals(trx: Kysely<Database>, userId: string): Promise<void> {
  await trx.deleteFrom('listening_totals').where('user_id', '=', userId).execute();
  await trx.deleteFrom('listening_item_counts').where('user_id', '=', userId).execute();
  const timeZone = await timeZoneOf(trx, userId);
  const songs = new Map<string, ListenedSong>();
  let after = 0;
  for (;;) {
    const rows = await trx
      .selectFrom('plays')
      .select(['id', 'song_id', 'played_at'])
      .where('user_id', '=', userId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(REBUILD_BATCH)
      .execute();
    const last = rows[rows.length - 1];
    if (last === undefined) return;
    after = Number(last.id);
    const unknown = rows.map((row) => row.song_id).filter((id) => !songs.has(id));
    for (const [id, song] of await listenedSongs(trx, unknown)) songs.set(id, song);
    const plays = rows.map((row) => ({ songId: row.song_id, playedAt: toIso(row.played_at) }));
    await addDeltas(trx, userId, foldPlays(plays, songs, timeZone));
  }
}
