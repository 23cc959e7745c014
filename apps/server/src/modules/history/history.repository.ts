import { sql, type Kysely } from 'kysely';
import type { HistorySource } from '@cadenza/contract/listening-history';
import { lockName } from '../../db/atomic';
import { chunks } from '../../db/chunks';
import { rowCompare } from '../../db/row-values';
import { toIso, type Database } from '../../db/schema';
import { newId } from '../../ids';
import { decodeCursor, encodeCursor, invalidCursor, type Page } from '../../paging';
import type { BroughtListen } from './history-files';
import type {
  HistoryImportRecord,
  PlayRecord,
  StagedListen,
  UnmatchedListenRecord,
} from './history-records';
import { albumKey, matchKey } from './listen-keys';

/** A place in a list ordered by (time, id) newest first: pages start after it. */
interface TimeKeyset {
  readonly at: string;
  readonly id: string;
}

/** A time as `Date.toISOString` writes it for the years 1970 to 9999 (what every play's is). */
const ISO_TIME = /^(19[7-9]\d|[2-9]\d{3})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function timeKeysetOf(cursor: string | undefined, id: RegExp): TimeKeyset | null {
  if (cursor === undefined) return null;
  const position = decodeCursor(cursor);
  const at = position.indexOf('~');
  const time = position.slice(0, at);
  const rest = position.slice(at + 1);
  const valid =
    at > 0 &&
    ISO_TIME.test(time) &&
    !Number.isNaN(Date.parse(time)) &&
    new Date(time).toISOString() === time &&
    id.test(rest);
  if (!valid) throw invalidCursor();
  return { at: time, id: rest };
}

const PLAY_ID = /^[1-9]\d{0,14}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function pageOf<T>(rows: T[], limit: number, position: (row: T) => string): Page<T> {
  if (rows.length <= limit) return { items: rows };
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return last === undefined ? { items } : { items, nextCursor: encodeCursor(position(last)) };
}

/** `%text%` for LIKE, with the wildcards of the text itself taken literally. */
function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface HistoryPageRequest {
  readonly limit: number;
  readonly cursor?: string | undefined;
  readonly q?: string | undefined;
}

/** One song's keys as brought-along listens are matched by. */
export interface MatchCandidate {
  readonly songId: string;
  readonly matchKey: string;
  readonly albumKey: string;
}

/**
 * The listener's history of plays, the imports of histories from other services and the
 * listens those did not match. Plays themselves are written by `PlaysRepository`.
 */
export class HistoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * A page of the listener's plays, newest first by (played_at, id): a range of the index
   * `plays_user_history_idx` from the cursor. A search keeps the plays whose song's title,
   * artist or album holds the words.
   */
  async playsPage(userId: string, request: HistoryPageRequest): Promise<Page<PlayRecord>> {
    const after = timeKeysetOf(request.cursor, PLAY_ID);
    let query = this.db
      .selectFrom('plays')
      .select(['plays.id', 'plays.song_id', 'plays.played_at'])
      .where('plays.user_id', '=', userId);
    if (after)
      query = query.where(
        rowCompare(['plays.played_at', 'plays.id'], '<', [after.at, Number(after.id)]),
      );
    if (request.q) {
      const like = containing(request.q);
      query = query
        .innerJoin('songs', 'songs.id', 'plays.song_id')
        .where((eb) =>
          eb.or([
            sql<boolean>`lower(${eb.ref('songs.title')}) like ${like} escape '\\'`,
            sql<boolean>`lower(${eb.ref('songs.artist')}) like ${like} escape '\\'`,
            sql<boolean>`lower(coalesce(${eb.ref('songs.album')}, '')) like ${like} escape '\\'`,
          ]),
        );
    }
    const rows = await query
      .orderBy('plays.played_at', 'desc')
      .orderBy('plays.id', 'desc')
      .limit(request.limit + 1)
      .execute();
    const plays = rows.map((row) => ({
      id: String(row.id),
      songId: row.song_id,
      playedAt: toIso(row.played_at),
    }));
    return pageOf(plays, request.limit, (play) => `${play.playedAt}~${play.id}`);
  }

  /** The listens the listener has still to match or dismiss, newest first. */
  async unmatchedPage(
    userId: string,
    request: HistoryPageRequest,
  ): Promise<Page<UnmatchedListenRecord>> {
    const after = timeKeysetOf(request.cursor, UUID);
    let query = this.db.selectFrom('unmatched_listens').selectAll().where('user_id', '=', userId);
    if (after) query = query.where(rowCompare(['played_at', 'id'], '<', [after.at, after.id]));
    const rows = await query
      .orderBy('played_at', 'desc')
      .orderBy('id', 'desc')
      .limit(request.limit + 1)
      .execute();
    return pageOf(rows.map(unmatchedRecordOf), request.limit, (l) => `${l.playedAt}~${l.id}`);
  }

  async findUnmatched(userId: string, id: string): Promise<UnmatchedListenRecord | null> {
    const row = await this.db
      .selectFrom('unmatched_listens')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? unmatchedRecordOf(row) : null;
  }

  /** Takes a listen off the listener's list; false when it was not there. */
  async removeUnmatched(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('unmatched_listens')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async addUnmatched(
    userId: string,
    source: HistorySource,
    listens: readonly BroughtListen[],
  ): Promise<void> {
    for (const part of chunks(listens, 200)) {
      await this.db
        .insertInto('unmatched_listens')
        .values(
          part.map((listen) => ({
            id: newId(),
            user_id: userId,
            source,
            played_at: listen.playedAt,
            artist: listen.artist,
            title: listen.title,
            album: listen.album,
          })),
        )
        .execute();
    }
  }

  /**
   * Notes each listen key as brought along and answers those that were not before: a key
   * already there belongs to a listen an earlier import brought.
   */
  async claimListenKeys(userId: string, keys: readonly string[]): Promise<Set<string>> {
    const claimed = new Set<string>();
    for (const part of chunks([...new Set(keys)])) {
      const rows = await this.db
        .insertInto('listening_import_keys')
        .values(part.map((key) => ({ user_id: userId, listen_key: key })))
        .onConflict((oc) => oc.columns(['user_id', 'listen_key']).doNothing())
        .returning('listen_key')
        .execute();
      for (const row of rows) claimed.add(row.listen_key);
    }
    return claimed;
  }

  /** The songs whose artist and title fold to one of `keys`. */
  async candidates(keys: readonly string[]): Promise<MatchCandidate[]> {
    const found: MatchCandidate[] = [];
    for (const part of chunks([...new Set(keys)])) {
      const rows = await this.db
        .selectFrom('song_match_keys')
        .select(['song_id', 'match_key', 'album_key'])
        .where('match_key', 'in', part)
        .execute();
      for (const row of rows)
        found.push({ songId: row.song_id, matchKey: row.match_key, albumKey: row.album_key });
    }
    return found;
  }

  /**
   * Keys every song whose texts changed since it was keyed (or that never was), a few thousand
   * at a time in id order, so that the library is never read whole into memory. Answers how
   * many songs were keyed.
   */
  async refreshMatchKeys(): Promise<number> {
    const fingerprint = sql<string>`coalesce(songs.title, '') || '|' || coalesce(songs.artist, '') || '|' || coalesce(songs.album, '') || '|' || coalesce(songs.album_artist, '')`;
    let after = '';
    let keyed = 0;
    for (;;) {
      const stale = await this.db
        .selectFrom('songs')
        .leftJoin('song_match_keys as k', (join) =>
          join.onRef('k.song_id', '=', 'songs.id').on('k.fingerprint', '=', fingerprint),
        )
        .select([
          'songs.id',
          'songs.title',
          'songs.artist',
          'songs.album',
          'songs.album_artist',
          fingerprint.as('fingerprint'),
        ])
        .where('songs.id', '>', after)
        .where('k.song_id', 'is', null)
        .orderBy('songs.id')
        .limit(2000)
        .execute();
      const last = stale[stale.length - 1];
      if (!last) return keyed;
      after = last.id;
      keyed += stale.length;
      const rows = stale.flatMap((song) => {
        const album = albumKey(song.album);
        const keys = new Set([matchKey(song.artist, song.title)]);
        if (song.album_artist) keys.add(matchKey(song.album_artist, song.title));
        return [...keys].map((key) => ({
          song_id: song.id,
          match_key: key,
          album_key: album,
          fingerprint: song.fingerprint,
        }));
      });
      await this.db.transaction().execute(async (trx) => {
        for (const part of chunks(stale.map((song) => song.id)))
          await trx.deleteFrom('song_match_keys').where('song_id', 'in', part).execute();
        for (const part of chunks(rows, 200))
          await trx.insertInto('song_match_keys').values(part).execute();
      });
    }
  }

  /** Starts an import: its row and every listen of its file, in file order, together. */
  async createImport(
    userId: string,
    source: HistorySource,
    listens: readonly BroughtListen[],
    skipped: number,
    now: string,
  ): Promise<HistoryImportRecord> {
    const id = newId();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('listening_imports')
        .values({
          id,
          user_id: userId,
          source,
          status: 'running',
          total: listens.length,
          skipped,
          created_at: now,
        })
        .execute();
      let position = 0;
      for (const part of chunks(listens, 1000)) {
        await trx
          .insertInto('listening_import_listens')
          .values(
            part.map((listen) => {
              position += 1;
              return {
                import_id: id,
                position,
                played_at: listen.playedAt,
                artist: listen.artist,
                title: listen.title,
                album: listen.album,
              };
            }),
          )
          .execute();
      }
    });
    const created = await this.findImport(userId, id);
    if (!created) throw new Error(`The import ${id} vanished as it was made`);
    return created;
  }

  async findImport(userId: string, id: string): Promise<HistoryImportRecord | null> {
    const row = await this.db
      .selectFrom('listening_imports')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? importRecordOf(row) : null;
  }

  /** The listener's latest imports, newest first. */
  async latestImports(userId: string, limit: number): Promise<HistoryImportRecord[]> {
    const rows = await this.db
      .selectFrom('listening_imports')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(importRecordOf);
  }

  /** Every import still running: after a restart, they carry on. */
  async runningImports(): Promise<HistoryImportRecord[]> {
    const rows = await this.db
      .selectFrom('listening_imports')
      .selectAll()
      .where('status', '=', 'running')
      .orderBy('created_at')
      .execute();
    return rows.map(importRecordOf);
  }

  /**
   * Holds the import until the transaction ends: nodes that carry on with the same import after
   * a restart take its batches in turn, each reading what the other left.
   */
  async lockImport(importId: string): Promise<void> {
    await lockName(this.db, `history-import:${importId}`);
  }

  /** The next listens of an import to process, in file order. */
  async nextListens(importId: string, limit: number): Promise<StagedListen[]> {
    const rows = await this.db
      .selectFrom('listening_import_listens')
      .select(['position', 'played_at', 'artist', 'title', 'album'])
      .where('import_id', '=', importId)
      .orderBy('position')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      position: row.position,
      playedAt: row.played_at,
      artist: row.artist,
      title: row.title,
      album: row.album,
    }));
  }

  /** Takes processed listens off an import and adds what came of them to its counts. */
  async completeListens(
    importId: string,
    throughPosition: number,
    counts: { processed: number; matched: number; unmatched: number; duplicates: number },
  ): Promise<void> {
    await this.db
      .deleteFrom('listening_import_listens')
      .where('import_id', '=', importId)
      .where('position', '<=', throughPosition)
      .execute();
    await this.db
      .updateTable('listening_imports')
      .set((eb) => ({
        processed: eb('processed', '+', counts.processed),
        matched: eb('matched', '+', counts.matched),
        unmatched: eb('unmatched', '+', counts.unmatched),
        duplicates: eb('duplicates', '+', counts.duplicates),
      }))
      .where('id', '=', importId)
      .execute();
  }

  async finishImport(importId: string, status: 'done' | 'failed', now: string): Promise<void> {
    await this.db
      .updateTable('listening_imports')
      .set({ status, finished_at: now })
      .where('id', '=', importId)
      .execute();
  }

  /** Marks a stopped import as running again; false when it has nothing left to do. */
  async reopenImport(importId: string): Promise<boolean> {
    const left = await this.db
      .selectFrom('listening_import_listens')
      .select('position')
      .where('import_id', '=', importId)
      .limit(1)
      .executeTakeFirst();
    if (!left) return false;
    await this.db
      .updateTable('listening_imports')
      .set({ status: 'running', finished_at: null })
      .where('id', '=', importId)
      .execute();
    return true;
  }
}

function importRecordOf(row: {
  id: string;
  user_id: string;
  source: HistorySource;
  status: 'running' | 'done' | 'failed';
  total: number;
  processed: number;
  matched: number;
  unmatched: number;
  duplicates: number;
  skipped: number;
  created_at: Date | string;
  finished_at: Date | string | null;
}): HistoryImportRecord {
  return {
    id: row.id,
    userId: row.user_id,
    source: row.source,
    status: row.status,
    total: Number(row.total),
    processed: Number(row.processed),
    matched: Number(row.matched),
    unmatched: Number(row.unmatched),
    duplicates: Number(row.duplicates),
    skipped: Number(row.skipped),
    createdAt: toIso(row.created_at),
    finishedAt: row.finished_at === null ? null : toIso(row.finished_at),
  };
}

function unmatchedRecordOf(row: {
  id: string;
  source: HistorySource;
  played_at: Date | string;
  artist: string;
  title: string;
  album: string | null;
}): UnmatchedListenRecord {
  return {
    id: row.id,
    source: row.source,
    playedAt: toIso(row.played_at),
    artist: row.artist,
    title: row.title,
    album: row.album,
  };
}
