import type { Kysely } from 'kysely';
import type { PageQuery } from '@cadenza/contract/paging';
import { MAX_COVER_MOSAIC } from '@cadenza/contract/playlists';
import { atomicallyRetrying, forShare } from '../../db/atomic';
import type { DialectName } from '../../db/database';
import { isForeignKeyViolation } from '../../db/errors';
import { olderThan, readNewestFirstPage } from '../../db/newest-first';
import { toIso, type Database } from '../../db/schema';
import { creditsOfSongs } from '../../db/song-credits';
import { genresOfSongs } from '../../db/song-genres';
import { DEFAULT_PAGE_SIZE, toPage, type Keyset, type Page } from '../../paging';
import { songRecordsWith, type SongRecord } from '../songs/song-record';
import type { SmartCriteria } from '@cadenza/contract/smart-playlists';
import type { SmartMatches } from './smart-matches';
import { SmartSongsRepository } from './smart-songs.repository';
import {
  decodePlaylistCursor,
  entryCursorPosition,
  playlistCursorPosition,
} from './playlist-cursor';
import type { PlaylistListing } from './playlist-policy';
import type { NewPlaylist, PlaylistChanges, PlaylistRecord } from './playlist-record';

/** The columns that order playlists newest first (their owner is joined in, hence the table). */
const PLAYLIST_KEYSET = { createdAt: 'playlists.created_at', id: 'playlists.id' } as const;

export type AddSongOutcome = 'added' | 'already-there' | 'no-playlist' | 'no-song';
export type RemoveSongOutcome = 'removed' | 'not-there' | 'no-playlist';
/** A move's outcome; `out-of-range` carries how many songs the playlist holds. */
export type MoveSongOutcome =
  | { readonly kind: 'moved' | 'not-there' | 'no-playlist' }
  | { readonly kind: 'out-of-range'; readonly songCount: number };

/** How far into a playlist its collage looks for covers of different albums. */
const MOSAIC_DEPTH = 100;

export class PlaylistsRepository {
  private readonly smartSongs: SmartSongsRepository;

  /**
   * `matches`: the lists of smart playlists kept on this node (none for a repository bound to a
   * transaction, whose reads may see what is not committed).
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly matches: SmartMatches | null = null,
  ) {
    this.smartSongs = new SmartSongsRepository(db);
  }

  /** A page of the songs a smart playlist's criteria choose for `listenerId` (0-based offset). */
  async smartSongsPage(
    criteria: SmartCriteria,
    listenerId: string,
    offset: number,
    count: number,
  ): Promise<SongRecord[]> {
    const kept = await this.matches?.of(criteria, listenerId, this.smartSongs);
    if (kept) return this.smartSongs.withIds(kept.ids.slice(offset, offset + count));
    return this.smartSongs.page(criteria, listenerId, offset, count);
  }

  /** How many songs smart criteria choose for `listenerId`, and their seconds. */
  async smartTotals(
    criteria: SmartCriteria,
    listenerId: string,
  ): Promise<{ songCount: number; duration: number }> {
    const kept = await this.matches?.of(criteria, listenerId, this.smartSongs);
    if (kept) return { songCount: kept.ids.length, duration: kept.seconds };
    return this.smartSongs.totals(criteria, listenerId);
  }

  /**
   * The seconds of these songs together, read under shared locks, so that their lengths stay as
   * read until the transaction that counts them in a playlist ends; null when one does not exist.
   */
  async lockSongs(songIds: readonly string[]): Promise<number | null> {
    if (songIds.length === 0) return 0;
    const found = await forShare(
      this.db,
      this.db
        .selectFrom('songs')
        .select(['id', 'duration'])
        .where('id', 'in', [...songIds])
        // One order for every writer that locks several songs, so none waits in a circle.
        .orderBy('id'),
    ).execute();
    if (found.length !== songIds.length) return null;
    return found.reduce((sum, song) => sum + song.duration, 0);
  }

  /**
   * Inserts a playlist with its cover (taken by the caller's unit of work) and its first songs,
   * each once, in the given order, with their count and seconds (`lockSongs`), together.
   */
  async insert(
    playlist: PlaylistRow,
    songs: { readonly ids: readonly string[]; readonly duration: number },
  ): Promise<void> {
    await atomicallyRetrying(this.db, async (trx) => {
      await insertRow(trx, playlist, { songCount: songs.ids.length, duration: songs.duration });
      if (songs.ids.length === 0) return;
      await trx
        .insertInto('playlist_songs')
        .values(
          songs.ids.map((songId, index) => ({
            playlist_id: playlist.id,
            song_id: songId,
            position: index + 1,
            added_at: playlist.createdAt,
          })),
        )
        .execute();
    });
  }

  /**
   * Changes the playlist's row, its cover to `coverKey` (taken and the former released by the
   * caller's unit of work; undefined keeps it). Answers false when there is no such playlist.
   */
  async update(
    id: string,
    changes: Omit<PlaylistChanges, 'cover'>,
    coverKey: string | null | undefined,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('playlists')
      .set({
        name: changes.name,
        description: changes.description,
        cover_key: coverKey,
        is_public: changes.isPublic === undefined ? undefined : changes.isPublic ? 1 : 0,
        is_default: changes.isDefault === undefined ? undefined : changes.isDefault ? 1 : 0,
        rules: changes.criteria ? JSON.stringify(changes.criteria) : undefined,
      })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async findById(id: string): Promise<PlaylistRecord | null> {
    const row = await this.selectRecords().where('playlists.id', '=', id).executeTakeFirst();
    if (!row) return null;
    const [record] = await this.withMosaics(
      await this.withSmartTotals([toRecordWithoutMosaic(row)]),
    );
    return record ?? null;
  }

  /** A page of the playlists a listing holds, in its order (see PlaylistListing). */
  async page(listing: PlaylistListing, query: PageQuery): Promise<Page<PlaylistRecord>> {
    const page =
      listing.kind === 'listener'
        ? await this.pageOfListener(listing.userId, query)
        : await this.pageOfAdminArea(query);
    return { ...page, items: await this.withMosaics(await this.withSmartTotals(page.items)) };
  }

  /**
   * Smart playlists keep no counters: each one's count and seconds are counted now, for its
   * owner, in one aggregate statement.
   */
  private async withSmartTotals(
    records: readonly RecordWithoutMosaic[],
  ): Promise<RecordWithoutMosaic[]> {
    return Promise.all(
      records.map(async (record) =>
        record.criteria === null
          ? record
          : { ...record, ...(await this.smartTotals(record.criteria, record.ownerId)) },
      ),
    );
  }

  /**
   * Gives each playlist without a cover of its own the covers of up to MAX_COVER_MOSAIC
   * different albums (songs of one album share their cover) among its first songs, in order.
   */
  private async withMosaics(records: readonly RecordWithoutMosaic[]): Promise<PlaylistRecord[]> {
    const bare = records.filter((record) => record.coverKey === null).map((record) => record.id);
    const keysOf = new Map<string, string[]>();
    if (bare.length > 0) {
      const rows = await this.db
        .selectFrom('playlist_songs')
        .innerJoin('songs', 'songs.id', 'playlist_songs.song_id')
        .select(['playlist_songs.playlist_id as playlistId', 'songs.cover_key as coverKey'])
        .select((eb) => eb.fn.min('playlist_songs.position').as('first'))
        .where('playlist_songs.playlist_id', 'in', bare)
        .where('playlist_songs.position', '<=', MOSAIC_DEPTH)
        .where('songs.cover_key', 'is not', null)
        .groupBy(['playlist_songs.playlist_id', 'songs.cover_key'])
        .orderBy('playlist_songs.playlist_id')
        .orderBy('first')
        .execute();
      for (const row of rows) {
        const keys = keysOf.get(row.playlistId) ?? [];
        if (row.coverKey !== null && keys.length < MAX_COVER_MOSAIC) keys.push(row.coverKey);
        keysOf.set(row.playlistId, keys);
      }
    }
    return records.map((record) => ({ ...record, mosaicKeys: keysOf.get(record.id) ?? [] }));
  }

  /** The admin area's playlists (docs/product.md §10.2), newest first by (created_at, id). */
  private async pageOfAdminArea(query: PageQuery): Promise<Page<RecordWithoutMosaic>> {
    const admins = this.selectRecords().where('users.role', '=', 'admin');
    return readNewestFirstPage(admins, query, PLAYLIST_KEYSET, toRecordWithoutMosaic);
  }

  /**
   * The playlists a listener sees (docs/product.md §10.1): their own, then every default public one,
   * newest first within each section. Each section is read on its own through its own index, so
   * that a page deep in either costs what the first one does; the default ones fill what the
   * listener's own leave of the page.
   */
  private async pageOfListener(
    userId: string,
    query: PageQuery,
  ): Promise<Page<RecordWithoutMosaic>> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = query.cursor === undefined ? null : decodePlaylistCursor(query.cursor);
    const own =
      after?.section === 'default'
        ? []
        : await this.newestOf(
            this.selectRecords().where('playlists.owner_id', '=', userId),
            after,
            limit + 1,
          );
    const defaults =
      own.length > limit
        ? []
        : await this.newestOf(
            this.selectRecords()
              .where('playlists.is_default', '=', 1)
              .where('playlists.is_public', '=', 1)
              .where('playlists.owner_id', '<>', userId),
            after?.section === 'default' ? after : null,
            limit + 1 - own.length,
          );
    return toPage([...own, ...defaults].map(toRecordWithoutMosaic), limit, (last) =>
      playlistCursorPosition({
        section: last.ownerId === userId ? 'own' : 'default',
        createdAt: last.createdAt,
        id: last.id,
      }),
    );
  }

  /** Up to `count` playlists of `select`, newest first, after the keyset `after` if any. */
  private async newestOf(
    select: ReturnType<PlaylistsRepository['selectRecords']>,
    after: Keyset | null,
    count: number,
  ): Promise<RecordRow[]> {
    const page = after ? select.where(olderThan(after, PLAYLIST_KEYSET)) : select;
    return page
      .orderBy('playlists.created_at', 'desc')
      .orderBy('playlists.id', 'desc')
      .limit(count)
      .execute();
  }

  /** The songs of a playlist in their order. */
  async songsOf(playlistId: string): Promise<SongRecord[]> {
    const rows = await this.selectEntries(playlistId).execute();
    return songRecordsWith(
      rows,
      await creditsOfSongs(this.db, rows),
      await genresOfSongs(this.db, rows),
    );
  }

  /**
   * A page of `limit` songs of a playlist in their order, after the (1-based) position `after`;
   * the next page's cursor is the position of its last song (see playlist-cursor.ts).
   */
  async songsPage(
    playlistId: string,
    limit: number,
    after: number | null,
  ): Promise<Page<SongRecord>> {
    let select = this.selectEntries(playlistId).select('playlist_songs.position as entryPosition');
    if (after !== null) select = select.where('playlist_songs.position', '>', after);
    const rows = await select.limit(limit + 1).execute();
    const records = songRecordsWith(
      rows,
      await creditsOfSongs(this.db, rows),
      await genresOfSongs(this.db, rows),
    );
    const positions = new Map(rows.map((row) => [row.id, row.entryPosition]));
    return toPage(records, limit, (last) => entryCursorPosition(positions.get(last.id) ?? 0));
  }

  private selectEntries(playlistId: string) {
    return this.db
      .selectFrom('playlist_songs')
      .innerJoin('songs', 'songs.id', 'playlist_songs.song_id')
      .selectAll('songs')
      .where('playlist_songs.playlist_id', '=', playlistId)
      .orderBy('playlist_songs.position', 'asc');
  }

  /**
   * Puts a song at the end of a playlist, once: positions stay 1, 2, 3…, and the playlist counts
   * one song and its seconds more.
   */
  async appendSong(playlistId: string, songId: string, addedAt: string): Promise<AddSongOutcome> {
    try {
      return await atomicallyRetrying(this.db, async (trx) => {
        const playlist = await this.lockPlaylist(trx, playlistId);
        if (!playlist) return 'no-playlist';
        const present = await trx
          .selectFrom('playlist_songs')
          .select('position')
          .where('playlist_id', '=', playlistId)
          .where('song_id', '=', songId)
          .executeTakeFirst();
        if (present) return 'already-there';
        // Taken only now, after the playlist and seen not to be in it (the lock order of
        // PlaylistTotalsRepository); shared, so its length stays as read until this commits.
        const song = await forShare(
          trx,
          trx.selectFrom('songs').select(['id', 'duration']).where('id', '=', songId),
        ).executeTakeFirst();
        if (!song) return 'no-song';
        await trx
          .insertInto('playlist_songs')
          .values({
            playlist_id: playlistId,
            song_id: songId,
            position: playlist.songCount + 1,
            added_at: addedAt,
          })
          .execute();
        await this.addToTotals(trx, playlistId, 1, song.duration);
        return 'added';
      });
    } catch (error) {
      // The song was deleted between the check and the insert.
      if (isForeignKeyViolation(error)) return 'no-song';
      throw error;
    }
  }

  /**
   * Takes a song out and closes the gap, so positions stay dense, and the playlist counts one
   * song and its seconds fewer.
   */
  async removeSong(playlistId: string, songId: string): Promise<RemoveSongOutcome> {
    return atomicallyRetrying(this.db, async (trx) => {
      if (!(await this.lockPlaylist(trx, playlistId))) return 'no-playlist';
      const entry = await trx
        .deleteFrom('playlist_songs')
        .where('playlist_id', '=', playlistId)
        .where('song_id', '=', songId)
        .returning('position')
        .executeTakeFirst();
      if (!entry) return 'not-there';
      await trx
        .updateTable('playlist_songs')
        .set((eb) => ({ position: eb('position', '-', 1) }))
        .where('playlist_id', '=', playlistId)
        .where('position', '>', entry.position)
        .execute();
      // The length the playlist counted: a change to it waits for this playlist's lock.
      const song = await trx
        .selectFrom('songs')
        .select('duration')
        .where('id', '=', songId)
        .executeTakeFirst();
      await this.addToTotals(trx, playlistId, -1, -(song?.duration ?? 0));
      return 'removed';
    });
  }

  /**
   * Moves a song to the 0-based `index` of the playlist, the songs between shifting by one, so
   * that positions stay 1, 2, 3…; the playlist is locked meanwhile, so two moves run in turn.
   */
  async moveSong(playlistId: string, songId: string, index: number): Promise<MoveSongOutcome> {
    return atomicallyRetrying(this.db, async (trx) => {
      const playlist = await this.lockPlaylist(trx, playlistId);
      if (!playlist) return { kind: 'no-playlist' };
      const entry = await trx
        .selectFrom('playlist_songs')
        .select('position')
        .where('playlist_id', '=', playlistId)
        .where('song_id', '=', songId)
        .executeTakeFirst();
      if (!entry) return { kind: 'not-there' };
      const { songCount } = playlist;
      if (index >= songCount) return { kind: 'out-of-range', songCount };
      const from = entry.position;
      const to = index + 1;
      if (from === to) return { kind: 'moved' };
      const [low, high, step] = to < from ? [to, from - 1, 1] : [from + 1, to, -1];
      await trx
        .updateTable('playlist_songs')
        .set((eb) => ({ position: eb('position', '+', step) }))
        .where('playlist_id', '=', playlistId)
        .where('position', '>=', low)
        .where('position', '<=', high)
        .execute();
      await trx
        .updateTable('playlist_songs')
        .set({ position: to })
        .where('playlist_id', '=', playlistId)
        .where('song_id', '=', songId)
        .execute();
      return { kind: 'moved' };
    });
  }

  /**
   * Deletes a playlist (its entries go with it) and answers the cover key it had, for the
   * caller's unit of work to release.
   */
  async delete(id: string): Promise<{ coverKey: string | null } | null> {
    const row = await this.db
      .deleteFrom('playlists')
      .where('id', '=', id)
      .returning('cover_key')
      .executeTakeFirst();
    return row ? { coverKey: row.cover_key } : null;
  }

  /**
   * Serialises changes to one playlist's songs so that positions never collide and its kept
   * count stays exact; answers how many songs it holds, or null when there is no such playlist.
   * PostgreSQL locks the row; SQLite already runs one write transaction at a time on its single
   * connection.
   */
  private async lockPlaylist(
    trx: Kysely<Database>,
    playlistId: string,
  ): Promise<{ songCount: number } | null> {
    let query = trx.selectFrom('playlists').select('song_count').where('id', '=', playlistId);
    if (this.dialect === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row ? { songCount: Number(row.song_count) } : null;
  }

  /** Adds to a locked playlist's kept song count and duration. */
  private async addToTotals(
    trx: Kysely<Database>,
    playlistId: string,
    songs: number,
    seconds: number,
  ): Promise<void> {
    await trx
      .updateTable('playlists')
      .set((eb) => ({
        song_count: eb('song_count', '+', songs),
        duration: eb('duration', '+', seconds),
      }))
      .where('id', '=', playlistId)
      .execute();
  }

  private selectRecords() {
    return this.db
      .selectFrom('playlists')
      .innerJoin('users', 'users.id', 'playlists.owner_id')
      .selectAll('playlists')
      .select(['users.name as owner_name', 'users.role as owner_role']);
  }
}

interface RecordRow {
  id: string;
  owner_id: string;
  owner_name: string;
  owner_role: 'user' | 'admin';
  name: string;
  description: string;
  cover_key: string | null;
  is_public: number;
  is_default: number;
  song_count: number;
  duration: number;
  created_at: Date | string;
  rules: string | null;
}

/** A new playlist's row: its cover is the key of an image already taken for it. */
export type PlaylistRow = Omit<NewPlaylist, 'cover'> & { readonly coverKey: string | null };

/** Inserts a playlist's row with the count and seconds of the songs it starts with. */
async function insertRow(
  trx: Kysely<Database>,
  playlist: PlaylistRow,
  totals: { readonly songCount: number; readonly duration: number },
): Promise<void> {
  await trx
    .insertInto('playlists')
    .values({
      id: playlist.id,
      owner_id: playlist.ownerId,
      name: playlist.name,
      description: playlist.description,
      cover_key: playlist.coverKey,
      is_public: playlist.isPublic ? 1 : 0,
      is_default: playlist.isDefault ? 1 : 0,
      created_at: playlist.createdAt,
      song_count: totals.songCount,
      duration: totals.duration,
      rules: playlist.criteria ? JSON.stringify(playlist.criteria) : null,
    })
    .execute();
}

/** A playlist's record before its collage is looked up (see `withMosaics`). */
type RecordWithoutMosaic = Omit<PlaylistRecord, 'mosaicKeys'>;

function toRecordWithoutMosaic(row: RecordRow): RecordWithoutMosaic {
  return {
    id: row.id,
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    ownerRole: row.owner_role,
    name: row.name,
    description: row.description,
    coverKey: row.cover_key,
    isPublic: row.is_public === 1,
    isDefault: row.is_default === 1,
    songCount: Number(row.song_count),
    duration: Number(row.duration),
    createdAt: toIso(row.created_at),
    // Checked by the contract's schema before it was stored.
    criteria: row.rules === null ? null : (JSON.parse(row.rules) as SmartCriteria),
  };
}
