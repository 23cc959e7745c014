import { sql, type Kysely } from 'kysely';
import { ALL_TIME, type ItemKind, type TotalKind } from '../../domain/listening-totals';
import { playsStamp } from '../../db/listener-stamps';
import type { Database } from '../../db/schema';
import type { ItemCount, TagGenreName } from './listening-stats-records';

const itemCountOf = (row: { item: string; plays: number; seconds: number }): ItemCount => ({
  item: row.item,
  plays: Number(row.plays),
  seconds: Number(row.seconds),
});

/**
 * Reads a listener's kept counts (`listening_totals`, written with each play by the songs
 * module) for their statistics, and their time zone. Every read is a range of an index.
 */
export class ListeningStatsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async timeZone(userId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('users')
      .select('time_zone')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.time_zone ?? null;
  }

  async setTimeZone(userId: string, timeZone: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ time_zone: timeZone })
      .where('id', '=', userId)
      .execute();
  }

  private counts(userId: string, period: string, kind: TotalKind) {
    return this.db
      .selectFrom('listening_totals')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('period', '=', period);
  }

  /** What changes whenever the listener's plays change (db/listener-stamps.ts). */
  async playsStamp(userId: string): Promise<string> {
    return playsStamp(this.db, userId);
  }

  /** The period's plays and seconds in all; zero without plays. */
  async total(userId: string, period: string): Promise<ItemCount> {
    const row = await this.counts(userId, period, 'total')
      .select(['item', 'plays', 'seconds'])
      .executeTakeFirst();
    return row ? itemCountOf(row) : { item: '', plays: 0, seconds: 0 };
  }

  /** The period's most played items of a kind: most plays, then most seconds. */
  async top(userId: string, period: string, kind: ItemKind, limit: number): Promise<ItemCount[]> {
    const rows = await this.counts(userId, period, kind)
      .select(['item', 'plays', 'seconds'])
      .orderBy('plays', 'desc')
      .orderBy('seconds', 'desc')
      .orderBy('item', 'desc')
      .limit(limit)
      .execute();
    return rows.map(itemCountOf);
  }

  /** The period's counts of some items of a kind. */
  async countsOf(
    userId: string,
    period: string,
    kind: ItemKind,
    items: readonly string[],
  ): Promise<ItemCount[]> {
    if (items.length === 0) return [];
    const rows = await this.counts(userId, period, kind)
      .select(['item', 'plays', 'seconds'])
      .where('item', 'in', items)
      .execute();
    return rows.map(itemCountOf);
  }

  /** How many different items of a kind the period has counts for (kept beside them). */
  async count(userId: string, period: string, kind: TotalKind): Promise<number> {
    const row = await this.db
      .selectFrom('listening_item_counts')
      .select('items')
      .where('user_id', '=', userId)
      .where('period', '=', period)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return Number(row?.items ?? 0);
  }

  /** Every count of a kind with few items (days, hours, weekdays), by item. */
  async every(
    userId: string,
    period: string,
    kind: 'day' | 'hour' | 'weekday',
  ): Promise<ItemCount[]> {
    const rows = await this.db
      .selectFrom('listening_totals')
      .select(['item', 'plays', 'seconds'])
      .where('user_id', '=', userId)
      .where('period', '=', period)
      .where('kind', '=', kind)
      .orderBy('item')
      .execute();
    return rows.map(itemCountOf);
  }

  /** The days with plays from `from` to `to` (included), in order. */
  async daysBetween(userId: string, from: string, to: string): Promise<ItemCount[]> {
    const rows = await this.db
      .selectFrom('listening_totals')
      .select(['item', 'plays', 'seconds'])
      .where('user_id', '=', userId)
      .where('period', '=', ALL_TIME)
      .where('kind', '=', 'day')
      .where('item', '>=', from)
      .where('item', '<=', to)
      .orderBy('item')
      .execute();
    return rows.map(itemCountOf);
  }

  /** The newest days with plays, newest first. */
  async newestDays(userId: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('listening_totals')
      .select('item')
      .where('user_id', '=', userId)
      .where('period', '=', ALL_TIME)
      .where('kind', '=', 'day')
      .orderBy('item', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.item);
  }

  /** The last day with plays before `day`, or the first after it; null when there is none. */
  async dayBeside(userId: string, day: string, side: 'before' | 'after'): Promise<string | null> {
    const row = await this.db
      .selectFrom('listening_totals')
      .select('item')
      .where('user_id', '=', userId)
      .where('period', '=', ALL_TIME)
      .where('kind', '=', 'day')
      .where('item', side === 'before' ? '<' : '>', day)
      .orderBy('item', side === 'before' ? 'desc' : 'asc')
      .limit(1)
      .executeTakeFirst();
    return row?.item ?? null;
  }

  /** The totals of several periods (the months of a year), by period. */
  async totalsOf(userId: string, periods: readonly string[]): Promise<Map<string, ItemCount>> {
    if (periods.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('listening_totals')
      .select(['period', 'item', 'plays', 'seconds'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'total')
      .where('period', 'in', periods)
      .execute();
    return new Map(rows.map((row) => [row.period, itemCountOf(row)]));
  }

  /** The years with plays, newest first, with their totals. */
  async years(userId: string): Promise<{ year: number; plays: number; seconds: number }[]> {
    const rows = await this.db
      .selectFrom('listening_totals')
      .select(['period', 'plays', 'seconds'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'total')
      .where('period', '>=', 'y')
      .where('period', '<', 'z')
      .orderBy('period', 'desc')
      .execute();
    return rows.map((row) => ({
      year: Number(row.period.slice(1)),
      plays: Number(row.plays),
      seconds: Number(row.seconds),
    }));
  }

  /**
   * Items of a kind first played from `from` to `to` (included; all of them when null), most
   * played first, and how many there are.
   */
  async firstPlayed(
    userId: string,
    kind: ItemKind,
    range: { from: string; to: string } | null,
    limit: number,
  ): Promise<{ count: number; items: (ItemCount & { firstDay: string })[] }> {
    let query = this.db
      .selectFrom('listening_totals')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('first_day', 'is not', null);
    if (range)
      query = query.where('first_day', '>=', range.from).where('first_day', '<=', range.to);
    const counted = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    if (limit === 0) return { count: Number(counted.n), items: [] };
    const rows = await query
      .select(['item', 'plays', 'seconds', 'first_day'])
      .orderBy('plays', 'desc')
      .orderBy('seconds', 'desc')
      .orderBy('item', 'desc')
      .limit(limit)
      .execute();
    return {
      count: Number(counted.n),
      items: rows.map((row) => ({ ...itemCountOf(row), firstDay: row.first_day ?? '' })),
    };
  }

  /**
   * How many items of a kind the listener ever played, and some of them (the top ones) with
   * their counts and the day each was first played.
   */
  async firstDaysOf(
    userId: string,
    kind: ItemKind,
    top: readonly ItemCount[],
  ): Promise<{ count: number; items: (ItemCount & { firstDay: string })[] }> {
    const count = await this.count(userId, ALL_TIME, kind);
    if (top.length === 0) return { count, items: [] };
    const rows = await this.counts(userId, ALL_TIME, kind)
      .select(['item', 'plays', 'seconds', 'first_day'])
      .where(
        'item',
        'in',
        top.map((c) => c.item),
      )
      .execute();
    return {
      count,
      items: rows.map((row) => ({ ...itemCountOf(row), firstDay: row.first_day ?? '' })),
    };
  }

  /**
   * The period's songs counted under some items of a kind (songs by the top artists…), most
   * played first.
   */
  async songsAmong(
    userId: string,
    period: string,
    kind: ItemKind,
    items: readonly string[],
    limit: number,
  ): Promise<string[]> {
    if (items.length === 0) return [];
    let query = this.db
      .selectFrom('listening_totals as t')
      .select('t.item')
      .where('t.user_id', '=', userId)
      .where('t.period', '=', period)
      .where('t.kind', '=', 'song');
    if (kind === 'song') query = query.where('t.item', 'in', items);
    else if (kind === 'album')
      query = query.where('t.item', 'in', (eb) =>
        eb.selectFrom('songs').select('id').where('album_id', 'in', items),
      );
    else if (kind === 'artist')
      query = query.where('t.item', 'in', (eb) =>
        eb
          .selectFrom('song_artists')
          .select('song_id')
          .where('artist_id', 'in', items)
          .where('role', '=', 'main'),
      );
    else
      query = query.where('t.item', 'in', (eb) =>
        eb.selectFrom('song_genres').select('song_id').where('genre_id', 'in', items),
      );
    const rows = await query
      .orderBy('t.plays', 'desc')
      .orderBy('t.seconds', 'desc')
      .orderBy('t.item', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.item);
  }

  /** The songs the listener played most from `from` to `to` (ISO, `to` excluded). */
  async topSongsBetween(
    userId: string,
    from: string,
    to: string,
    limit: number,
  ): Promise<string[]> {
    const rows = await this.db
      .selectFrom('plays')
      .select([
        'song_id',
        (eb) => eb.fn.countAll().as('n'),
        (eb) => eb.fn.max('played_at').as('last'),
      ])
      .where('user_id', '=', userId)
      .where('played_at', '>=', from)
      .where('played_at', '<', to)
      .groupBy('song_id')
      .orderBy('n', 'desc')
      .orderBy('last', 'desc')
      .orderBy('song_id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.song_id);
  }

  /** Albums released on a month and day (`MM-DD`) before a year, newest first. */
  async albumsReleasedOn(monthDay: string, beforeYear: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('albums')
      .select('id')
      // Written as the index `albums_release_month_day_idx` is, constants included.
      .where(sql<string>`substr(release_date, 6, 5)`, '=', monthDay)
      .where('release_date', '<', String(beforeYear).padStart(4, '0'))
      .orderBy('release_date', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  async genreNames(ids: readonly string[]): Promise<TagGenreName[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('genres').select(['id', 'name']).where('id', 'in', ids).execute();
  }
}
