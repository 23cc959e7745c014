import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type {
  SmartCriteria,
  SmartField,
  SmartGroup,
  SmartNode,
  SmartRule,
  SmartSort,
} from '@cadenza/contract/smart-playlists';
import type { Database, SongRow } from '../../db/schema';
import { likesStamp, playsStamp } from '../../db/listener-stamps';
import { creditsOfSongs } from '../../db/song-credits';
import { genresOfSongs } from '../../db/song-genres';
import { songRecordsWith, type SongRecord } from '../songs/song-record';
import type { SmartMatchList } from './smart-matches';
import { readsOf } from './smart-reads';

const DAY_MS = 86_400_000;

/** The file type a song's audio type stands for, as Navidrome's `filetype` names it. */
const FILE_TYPE = sql<string>`(CASE songs.audio_mime
  WHEN 'audio/mpeg' THEN 'mp3'
  WHEN 'audio/mp4' THEN 'm4a'
  WHEN 'audio/aac' THEN 'aac'
  WHEN 'audio/flac' THEN 'flac'
  WHEN 'audio/ogg' THEN 'ogg'
  WHEN 'audio/wav' THEN 'wav'
  ELSE songs.audio_mime END)`;

/** Kilobits a second: the tags' rate, or the file's bytes over its length when they say none. */
const BIT_RATE = sql<number>`(COALESCE(songs.bit_rate,
  CASE WHEN songs.duration > 0 THEN songs.audio_bytes * 8 / songs.duration END) / 1000.0)`;

/** The expression each field reads; `genre` is tested through the song's tag genres instead. */
const COLUMN: Record<Exclude<SmartField, 'genre' | 'liked'>, RawBuilder<unknown>> = {
  title: sql`songs.title`,
  artist: sql`songs.artist`,
  albumArtist: sql`COALESCE(songs.album_artist, songs.artist)`,
  album: sql`COALESCE(songs.album, '')`,
  year: sql`songs.release_year`,
  dateAdded: sql`songs.created_at`,
  lastPlayed: sql`lp.played_at`,
  playCount: sql`COALESCE(lp.play_count, 0)`,
  duration: sql`songs.duration`,
  fileType: FILE_TYPE,
  bitRate: BIT_RATE,
};

/** What a sort by the field orders on (the liked first, when descending). */
const SORT_KEY: Record<SmartField, RawBuilder<unknown>> = {
  ...COLUMN,
  genre: sql`(SELECT MIN(g.name) FROM song_genres sg JOIN genres g ON g.id = sg.genre_id
    WHERE sg.song_id = songs.id)`,
  liked: sql`(CASE WHEN lk.user_id IS NULL THEN 0 ELSE 1 END)`,
};

/** A LIKE pattern's own characters taken literally (escaped with a backslash). */
function literally(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Midnight UTC at the start of a `YYYY-MM-DD` day, `days` later. */
function dayStart(day: string, days = 0): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString();
}

const asNumber = (value: number) => sql`CAST(${value} AS DOUBLE PRECISION)`;
const asText = (value: string) => sql`LOWER(CAST(${value} AS TEXT))`;

/** A text condition on `column` (case-insensitive), positive: `isNot`/`notContains` negate it. */
function textMatch(
  column: RawBuilder<unknown>,
  operator: string,
  value: string,
): RawBuilder<SqlBool> {
  const lowered = sql`LOWER(${column})`;
  switch (operator) {
    case 'is':
    case 'isNot':
      return sql<SqlBool>`${lowered} = ${asText(value)}`;
    case 'startsWith':
      return sql<SqlBool>`${lowered} LIKE ${asText(`${literally(value)}%`)} ESCAPE '\\'`;
    case 'endsWith':
      return sql<SqlBool>`${lowered} LIKE ${asText(`%${literally(value)}`)} ESCAPE '\\'`;
    default:
      return sql<SqlBool>`${lowered} LIKE ${asText(`%${literally(value)}%`)} ESCAPE '\\'`;
  }
}

const NEGATED = new Set(['isNot', 'notContains']);

function textCondition(rule: SmartRule): RawBuilder<SqlBool> {
  const value = rule.value as string;
  if (rule.field === 'genre') {
    // The few genres that match lead, through song_genres' genre index, to their songs: a set
    // both databases build once, instead of a lookup for each song (nested, so that SQLite
    // does not read every song_genres row to join it to its genre).
    const has = sql<SqlBool>`songs.id IN (SELECT sg.song_id FROM song_genres sg WHERE sg.genre_id IN
      (SELECT g.id FROM genres g WHERE ${textMatch(sql`g.name`, rule.operator, value)}))`;
    return NEGATED.has(rule.operator) ? sql<SqlBool>`NOT ${has}` : has;
  }
  const column = COLUMN[rule.field as keyof typeof COLUMN];
  const match = textMatch(column, rule.operator, value);
  return NEGATED.has(rule.operator) ? sql<SqlBool>`NOT (${match})` : match;
}

function numberCondition(column: RawBuilder<unknown>, rule: SmartRule): RawBuilder<SqlBool> {
  if (rule.operator === 'inTheRange') {
    const [a, b] = rule.value as readonly [number, number];
    const [low, high] = a <= b ? [a, b] : [b, a];
    return sql<SqlBool>`(${column} >= ${asNumber(low)} AND ${column} <= ${asNumber(high)})`;
  }
  const value = asNumber(rule.value as number);
  if (rule.operator === 'gt') return sql<SqlBool>`${column} > ${value}`;
  if (rule.operator === 'lt') return sql<SqlBool>`${column} < ${value}`;
  if (rule.operator === 'isNot') return sql<SqlBool>`${column} <> ${value}`;
  return sql<SqlBool>`${column} = ${value}`;
}

/** Day conditions compare ISO-8601 UTC instants, which both databases order as times. */
function dateCondition(
  column: RawBuilder<unknown>,
  rule: SmartRule,
  now: number,
): RawBuilder<SqlBool> {
  switch (rule.operator) {
    case 'before':
      return sql<SqlBool>`${column} < ${dayStart(rule.value as string)}`;
    case 'after':
      return sql<SqlBool>`${column} >= ${dayStart(rule.value as string, 1)}`;
    case 'inTheLast':
      return sql<SqlBool>`${column} >= ${new Date(now - (rule.value as number) * DAY_MS).toISOString()}`;
    case 'notInTheLast': {
      const since = new Date(now - (rule.value as number) * DAY_MS).toISOString();
      // Never played is not played in the last N days either.
      return sql<SqlBool>`(${column} IS NULL OR ${column} < ${since})`;
    }
    default: {
      const [a, b] = rule.value as readonly [string, string];
      const [from, to] = a <= b ? [a, b] : [b, a];
      return sql<SqlBool>`(${column} >= ${dayStart(from)} AND ${column} < ${dayStart(to, 1)})`;
    }
  }
}

function ruleCondition(rule: SmartRule, now: number): RawBuilder<SqlBool> {
  switch (rule.field) {
    case 'liked':
      return rule.value === true
        ? sql<SqlBool>`lk.user_id IS NOT NULL`
        : sql<SqlBool>`lk.user_id IS NULL`;
    case 'year':
    case 'playCount':
    case 'duration':
    case 'bitRate':
      return numberCondition(COLUMN[rule.field], rule);
    case 'dateAdded':
    case 'lastPlayed':
      return dateCondition(COLUMN[rule.field], rule, now);
    default:
      return textCondition(rule);
  }
}

function isGroup(node: SmartNode): node is SmartGroup {
  return 'all' in node || 'any' in node;
}

/** The condition of a group; its depth is bounded by the contract (MAX_SMART_DEPTH). */
function groupCondition(group: SmartGroup, now: number): RawBuilder<SqlBool> {
  const [children, joiner] = 'all' in group ? [group.all, ' AND '] : [group.any, ' OR '];
  const parts = children.map((child) =>
    isGroup(child) ? groupCondition(child, now) : ruleCondition(child, now),
  );
  return sql<SqlBool>`(${sql.join(parts, sql.raw(joiner))})`;
}

/** The sort keys that may be empty: `year`, `lastPlayed`, `genre`, `bitRate`. */
const MAY_BE_NULL: ReadonlySet<SmartField> = new Set(['year', 'lastPlayed', 'genre', 'bitRate']);

/**
 * The order of a sort, then the song's id the same way, so that pages are stable and a sort by
 * date added walks `songs_created_at_idx` (created_at, id) and stops at the page's end. Keys that
 * may be empty put the empty ones last either way.
 */
function orderBy(sort: SmartSort): RawBuilder<unknown> {
  if (sort.field === 'random') return sql`RANDOM()`;
  const key = SORT_KEY[sort.field];
  const direction = sql.raw(sort.order === 'desc' ? 'DESC' : 'ASC');
  const ordered = sql`${key} ${direction}, songs.id ${direction}`;
  return MAY_BE_NULL.has(sort.field)
    ? sql`(CASE WHEN ${key} IS NULL THEN 1 ELSE 0 END), ${ordered}`
    : ordered;
}

/**
 * The songs a smart playlist's rules choose, for one listener's own plays and likes: every read
 * is one statement over `songs` (with that listener's `last_plays` and `likes` rows joined by
 * their primary keys when a rule or the sort needs them), so a new song that matches is there at
 * once.
 */
export class SmartSongsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** `count` songs from the `offset`th (0-based), in the sort's order, within the limit. */
  async page(
    criteria: SmartCriteria,
    listenerId: string,
    offset: number,
    count: number,
  ): Promise<SongRecord[]> {
    const take = criteria.limit === null ? count : Math.min(count, criteria.limit - offset);
    if (take <= 0) return [];
    const rows = await this.matching(criteria, listenerId)
      .selectAll('songs')
      .orderBy(orderBy(criteria.sort))
      .limit(take)
      .offset(offset)
      .execute();
    return this.recordsOf(rows);
  }

  /** How many songs match (within the limit) and their seconds, in one aggregate statement. */
  async totals(
    criteria: SmartCriteria,
    listenerId: string,
  ): Promise<{ songCount: number; duration: number }> {
    let chosen = this.matching(criteria, listenerId).select('songs.duration as seconds');
    if (criteria.limit !== null) {
      chosen = chosen.orderBy(orderBy(criteria.sort)).limit(criteria.limit);
    }
    const row = await this.db
      .selectFrom(chosen.as('chosen'))
      .select((eb) => [
        eb.fn.countAll<number | string>().as('songCount'),
        eb.fn.coalesce(eb.fn.sum<number | string>('chosen.seconds'), sql<number>`0`).as('duration'),
      ])
      .executeTakeFirstOrThrow();
    return { songCount: Number(row.songCount), duration: Number(row.duration) };
  }

  /**
   * Every song the criteria choose, in order and within the limit, as ids and seconds; null when
   * more than `atMost` do (too many to hold in memory).
   */
  async ordered(
    criteria: SmartCriteria,
    listenerId: string,
    atMost: number,
  ): Promise<SmartMatchList | null> {
    const rows = await this.matching(criteria, listenerId)
      .select(['songs.id', 'songs.duration'])
      .orderBy(orderBy(criteria.sort))
      .limit(criteria.limit === null ? atMost + 1 : Math.min(criteria.limit, atMost + 1))
      .execute();
    if (rows.length > atMost) return null;
    let seconds = 0;
    for (const row of rows) seconds += Number(row.duration);
    return { ids: rows.map((row) => row.id), seconds };
  }

  /** The songs with these ids, in the order given (an id no longer there is left out). */
  async withIds(ids: readonly string[]): Promise<SongRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('songs').selectAll().where('id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return this.recordsOf(ids.flatMap((id) => byId.get(id) ?? []));
  }

  private async recordsOf(rows: readonly SongRow[]): Promise<SongRecord[]> {
    return songRecordsWith(
      rows,
      await creditsOfSongs(this.db, rows),
      await genresOfSongs(this.db, rows),
    );
  }

  /** What changes when the listener's plays (`plays`) or likes (`likes`) change. */
  async listenerStamp(
    listenerId: string,
    reads: { readonly plays: boolean; readonly likes: boolean },
  ): Promise<string> {
    const [plays, likes] = await Promise.all([
      reads.plays ? playsStamp(this.db, listenerId) : '',
      reads.likes ? likesStamp(this.db, listenerId) : '',
    ]);
    return `${plays}|${likes}`;
  }

  private matching(criteria: SmartCriteria, listenerId: string) {
    const reads = readsOf(criteria);
    let select = this.db.selectFrom('songs');
    if (reads.plays) {
      select = select.leftJoin('last_plays as lp', (join) =>
        join.onRef('lp.song_id', '=', 'songs.id').on('lp.user_id', '=', listenerId),
      );
    }
    if (reads.likes) {
      select = select.leftJoin('likes as lk', (join) =>
        join.onRef('lk.song_id', '=', 'songs.id').on('lk.user_id', '=', listenerId),
      );
    }
    return select.where(groupCondition(criteria.rules, Date.now()));
  }
}
