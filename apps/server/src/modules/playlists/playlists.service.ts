import type { PageQuery } from '@cadenza/contract/paging';
import type { AdminUpdatePlaylistBody } from '@cadenza/contract/admin';
import type { CreatePlaylistBody } from '@cadenza/contract/playlists';
import {
  MAX_SMART_LIMIT,
  type CreateSmartPlaylistBody,
  type SmartCriteria,
  type UpdateSmartPlaylistBody,
} from '@cadenza/contract/smart-playlists';
import { isForeignKeyViolation } from '../../db/errors';
import type { Transactor } from '../../db/transactor';
import { Conflict, Forbidden, Invalid, NotFound } from '../../errors';
import { newId } from '../../ids';
import { DEFAULT_PAGE_SIZE, toPage, type Page } from '../../paging';
import type { SongRecord } from '../songs/song-record';
import type { CoverImages } from '../images/cover-images';
import type { ImagesRepository } from '../images/images.repository';
import type { StoredImage } from '../uploads/stored-files';
import { decodeEntryCursor, entryCursorPosition } from './playlist-cursor';
import type { PlaylistPolicy } from './playlist-policy';
import type {
  PlaylistChanges,
  PlaylistRecord,
  PlaylistWithSongsRecord,
  SmartPlaylistRecord,
} from './playlist-record';
import type { PlaylistRow, PlaylistsRepository } from './playlists.repository';

const PLAYLIST_NOT_FOUND = 'Playlist not found.';
const SONG_NOT_FOUND = 'Song not found.';
const SONG_NOT_IN_PLAYLIST = 'This song is not in the playlist.';
const SONG_ALREADY_IN_PLAYLIST = 'This song is already in the playlist.';
const DEFAULT_IS_READ_ONLY = 'Default playlists can only be changed in the admin area.';
const SMART_SONGS_READ_ONLY =
  "A smart playlist's songs are chosen by its rules: change the rules instead.";
const SMART_PLAYLIST_NOT_FOUND = 'Smart playlist not found.';

const smartSongsReadOnly = () => new Forbidden(SMART_SONGS_READ_ONLY, 'smart_playlist_read_only');

const playlistNotFound = () => new NotFound(PLAYLIST_NOT_FOUND, 'playlist_not_found');

/** A move past the end: the message says which positions there are (0-based). */
function positionOutOfRange(songCount: number): Invalid {
  const message = `Position must be from 0 to ${songCount - 1}.`;
  return new Invalid(
    message,
    [{ field: 'position', code: 'position_out_of_range', message }],
    'position_out_of_range',
  );
}

/**
 * A new playlist's fields as a form sent them: the default flag and first songs only where the
 * form has them (the admin area's); without them, a plain playlist that starts empty.
 */
export interface NewPlaylistFields extends CreatePlaylistBody {
  readonly isDefault?: boolean | undefined;
  readonly songs?: readonly string[] | undefined;
}

/** A new playlist as its form describes it. */
interface PlaylistDraft {
  readonly name: string;
  readonly description: string;
  readonly isPublic: boolean;
  readonly isDefault: boolean;
  /** Its first songs, in this order. */
  readonly songs: readonly string[];
}

/** The repositories a playlist's write spans, each its own module's, in one transaction. */
export interface PlaylistWriteRepositories {
  readonly playlists: PlaylistsRepository;
  readonly images: ImagesRepository;
}

/**
 * Playlists for every audience (docs/product.md §10): the caller's policy says which they list, read
 * and change, and whether they flag default ones; the rules below are the same for all.
 */
export class PlaylistsService {
  constructor(
    private readonly playlists: PlaylistsRepository,
    /** A playlist's row and its cover's count of uses, written together. */
    private readonly atomically: Transactor<PlaylistWriteRepositories>,
    private readonly covers: CoverImages,
  ) {}

  async list(policy: PlaylistPolicy, query: PageQuery): Promise<Page<PlaylistRecord>> {
    return this.playlists.page(policy.listing, query);
  }

  /** The playlist with its songs as it is now (after a change, it may have been deleted since). */
  async get(policy: PlaylistPolicy, playlistId: string): Promise<PlaylistWithSongsRecord> {
    return this.withSongs(await this.readable(policy, playlistId));
  }

  /**
   * Creates a playlist owned by `ownerId` from a form's fields and an already stored cover (whoever
   * stored it takes it back when the playlist is not created).
   */
  async create(
    policy: PlaylistPolicy,
    ownerId: string,
    fields: NewPlaylistFields,
    cover: StoredImage | null,
  ): Promise<PlaylistRecord> {
    const id = newId();
    const draft = draftOf(policy, fields);
    const created = await this.insert(
      {
        id,
        ownerId,
        name: draft.name,
        description: draft.description,
        isPublic: draft.isPublic,
        isDefault: draft.isDefault,
        createdAt: new Date().toISOString(),
      },
      cover,
      draft.songs,
    );
    if (!created) throw new NotFound(SONG_NOT_FOUND, 'song_not_found');
    // Stays if the playlist took it; goes if its picture was kept already under an older key.
    await this.covers.discard(cover);
    return this.readable(policy, id);
  }

  /** 404 or 403 unless the caller may change the playlist: checked before an upload is stored. */
  async ensureChangeable(policy: PlaylistPolicy, playlistId: string): Promise<void> {
    await this.changeable(policy, playlistId);
  }

  /**
   * Changes what was sent (never the song list) in one transaction: `cover` is a new cover, null
   * to remove the one there is, or undefined to keep it. A replaced cover's file is removed after
   * the commit, if nothing else uses it.
   */
  async update(
    policy: PlaylistPolicy,
    playlistId: string,
    fields: AdminUpdatePlaylistBody,
    cover: StoredImage | null | undefined,
  ): Promise<PlaylistRecord> {
    const before = await this.changeable(policy, playlistId);
    if (fields.isDefault !== undefined && !policy.flagsDefault) {
      throw new Forbidden(DEFAULT_IS_READ_ONLY, 'default_playlist_read_only');
    }
    const changes: PlaylistChanges = { ...fields, ...(cover === undefined ? {} : { cover }) };
    const changesAnything = Object.values(changes).some((value) => value !== undefined);
    const after = changesAnything ? await this.change(playlistId, changes) : before;
    if (!after) throw playlistNotFound();
    if (after.coverKey !== before.coverKey) await this.covers.discard(before.coverKey);
    // Stays if the playlist took it; goes if its picture was kept already under an older key.
    await this.covers.discard(cover ?? null);
    return after;
  }

  /** A page of the playlist's songs in their order, for anyone who may read it. */
  async songsPage(
    policy: PlaylistPolicy,
    playlistId: string,
    query: PageQuery,
  ): Promise<Page<SongRecord>> {
    const after = query.cursor === undefined ? null : decodeEntryCursor(query.cursor);
    const playlist = await this.readable(policy, playlistId);
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    if (playlist.criteria) return this.smartPage(playlist, playlist.criteria, after ?? 0, limit);
    return this.playlists.songsPage(playlistId, limit, after);
  }

  /**
   * A page of a smart playlist's songs as its rules choose them now, for its owner (decision
   * 093); the cursor is how many songs came before.
   */
  private async smartPage(
    playlist: PlaylistRecord,
    criteria: SmartCriteria,
    offset: number,
    limit: number,
  ): Promise<Page<SongRecord>> {
    const songs = await this.playlists.smartSongsPage(
      criteria,
      playlist.ownerId,
      offset,
      limit + 1,
    );
    return toPage(songs, limit, () => entryCursorPosition(offset + limit));
  }

  /** A smart playlist the caller may read, with a page of its songs. */
  async getSmart(
    policy: PlaylistPolicy,
    playlistId: string,
    query: PageQuery,
  ): Promise<{ playlist: SmartPlaylistRecord; songs: Page<SongRecord> }> {
    const offset = query.cursor === undefined ? 0 : decodeEntryCursor(query.cursor);
    const playlist = await this.readableSmart(policy, playlistId);
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const songs = await this.smartPage(playlist, playlist.criteria, offset, limit);
    return { playlist, songs };
  }

  /** A smart playlist the caller may read, without its songs (for its export). */
  async getSmartCriteria(policy: PlaylistPolicy, playlistId: string): Promise<SmartPlaylistRecord> {
    return this.readableSmart(policy, playlistId);
  }

  /** Creates a smart playlist owned by `ownerId`; it holds no songs of its own. */
  async createSmart(
    policy: PlaylistPolicy,
    ownerId: string,
    body: CreateSmartPlaylistBody,
  ): Promise<SmartPlaylistRecord> {
    const id = newId();
    const { name, description, isPublic, rules, sort, limit } = body;
    await this.insert(
      {
        id,
        ownerId,
        name,
        description,
        isPublic,
        isDefault: false,
        createdAt: new Date().toISOString(),
        criteria: { rules, sort, limit },
      },
      null,
      [],
    );
    return this.readableSmart(policy, id);
  }

  /** Changes what was sent of one of the caller's smart playlists: details, rules, sort, limit. */
  async updateSmart(
    policy: PlaylistPolicy,
    playlistId: string,
    body: UpdateSmartPlaylistBody,
  ): Promise<SmartPlaylistRecord> {
    const before = await this.readableSmart(policy, playlistId);
    const refusal = policy.refusalToChange(before);
    if (refusal) throw refusal;
    const { name, description, isPublic, rules, sort, limit } = body;
    const criteria: SmartCriteria = {
      rules: rules ?? before.criteria.rules,
      sort: sort ?? before.criteria.sort,
      limit: limit === undefined ? before.criteria.limit : limit,
    };
    const after = await this.change(playlistId, { name, description, isPublic, criteria });
    if (!after) throw playlistNotFound();
    return { ...after, criteria };
  }

  /** Deletes one of the caller's smart playlists (an ordinary one is not found here). */
  async deleteSmart(policy: PlaylistPolicy, playlistId: string): Promise<void> {
    await this.readableSmart(policy, playlistId);
    await this.delete(policy, playlistId);
  }

  /**
   * What unsaved criteria choose for the listener: how many songs and seconds, and the first
   * `sample` of them.
   */
  async previewSmart(
    listenerId: string,
    criteria: SmartCriteria,
    sample: number,
  ): Promise<{ songCount: number; duration: number; songs: SongRecord[] }> {
    const totals = await this.playlists.smartTotals(criteria, listenerId);
    const songs =
      sample === 0 ? [] : await this.playlists.smartSongsPage(criteria, listenerId, 0, sample);
    return { ...totals, songs };
  }

  /** 403 when the playlist's songs are chosen by rules (the Subsonic API asks before it edits). */
  async ensureSongsEditable(policy: PlaylistPolicy, playlistId: string): Promise<void> {
    const playlist = await this.changeable(policy, playlistId);
    if (playlist.criteria) throw smartSongsReadOnly();
  }

  /** A smart playlist the caller may read; any other playlist answers 404 here. */
  private async readableSmart(
    policy: PlaylistPolicy,
    playlistId: string,
  ): Promise<SmartPlaylistRecord> {
    const playlist = await this.playlists.findById(playlistId);
    if (!playlist?.criteria || !policy.mayRead(playlist)) {
      throw new NotFound(SMART_PLAYLIST_NOT_FOUND, 'playlist_not_found');
    }
    return { ...playlist, criteria: playlist.criteria };
  }

  /**
   * Moves a song of the playlist to the 0-based `position`, the others keeping their order
   * around it; answers the playlist with its songs in the new order.
   */
  async moveSong(
    policy: PlaylistPolicy,
    playlistId: string,
    songId: string,
    position: number,
  ): Promise<PlaylistWithSongsRecord> {
    await this.ensureSongsEditable(policy, playlistId);
    const outcome = await this.playlists.moveSong(playlistId, songId, position);
    if (outcome.kind === 'not-there') {
      throw new NotFound(SONG_NOT_IN_PLAYLIST, 'song_not_in_playlist');
    }
    if (outcome.kind === 'no-playlist') throw playlistNotFound();
    if (outcome.kind === 'out-of-range') throw positionOutOfRange(outcome.songCount);
    return this.get(policy, playlistId);
  }

  /** Deletes the playlist (its songs stay in the library) and its cover if nothing else uses it. */
  async delete(policy: PlaylistPolicy, playlistId: string): Promise<void> {
    await this.changeable(policy, playlistId);
    // The playlist and the use of its cover go together.
    const deleted = await this.atomically(async (r) => {
      const row = await r.playlists.delete(playlistId);
      if (row) await r.images.release([row.coverKey]);
      return row;
    });
    if (!deleted) throw playlistNotFound();
    await this.covers.discard(deleted.coverKey);
  }

  /**
   * Puts a song at the end of the playlist. One already there stays where it is and answers 409,
   * so that the listener is told instead of being thanked for a change that did not happen.
   */
  async addSong(
    policy: PlaylistPolicy,
    playlistId: string,
    songId: string,
  ): Promise<PlaylistWithSongsRecord> {
    await this.ensureSongsEditable(policy, playlistId);
    const outcome = await this.playlists.appendSong(playlistId, songId, new Date().toISOString());
    if (outcome === 'no-song') throw new NotFound(SONG_NOT_FOUND, 'song_not_found');
    if (outcome === 'no-playlist') throw playlistNotFound();
    if (outcome === 'already-there') {
      throw new Conflict(SONG_ALREADY_IN_PLAYLIST, 'song_already_in_playlist');
    }
    return this.get(policy, playlistId);
  }

  async removeSong(
    policy: PlaylistPolicy,
    playlistId: string,
    songId: string,
  ): Promise<PlaylistWithSongsRecord> {
    await this.ensureSongsEditable(policy, playlistId);
    const outcome = await this.playlists.removeSong(playlistId, songId);
    if (outcome === 'not-there') throw new NotFound(SONG_NOT_IN_PLAYLIST, 'song_not_in_playlist');
    if (outcome === 'no-playlist') throw playlistNotFound();
    return this.get(policy, playlistId);
  }

  /**
   * Inserts a playlist with its first songs, their count and seconds, and takes its cover, in one
   * transaction; the songs are locked before the cover, as every playlist write takes them.
   * Answers false (and inserts nothing) when one of the songs does not exist.
   */
  private async insert(
    playlist: Omit<PlaylistRow, 'coverKey'>,
    cover: StoredImage | null,
    songIds: readonly string[],
  ): Promise<boolean> {
    try {
      return await this.atomically(async (r) => {
        const duration = await r.playlists.lockSongs(songIds);
        if (duration === null) return false;
        const coverKey = cover === null ? null : await r.images.take(cover);
        await r.playlists.insert({ ...playlist, coverKey }, { ids: songIds, duration });
        return true;
      });
    } catch (error) {
      // A song was deleted between the check and the insert.
      if (songIds.length > 0 && isForeignKeyViolation(error)) return false;
      throw error;
    }
  }

  /**
   * The playlist as it is after the change, or null when there is no such playlist. A new cover
   * is taken and the one it replaces released in the same transaction.
   */
  private async change(id: string, changes: PlaylistChanges): Promise<PlaylistRecord | null> {
    const { cover: next, ...fields } = changes;
    const updated = await this.atomically(async (r) => {
      const cover = await r.images.changeCoverOf('playlists', id, next);
      if (!cover) return false;
      return r.playlists.update(id, fields, cover.coverKey);
    });
    return updated ? this.playlists.findById(id) : null;
  }

  /** A playlist the caller may not read answers 404, as if it did not exist. */
  private async readable(policy: PlaylistPolicy, playlistId: string): Promise<PlaylistRecord> {
    const playlist = await this.playlists.findById(playlistId);
    if (!playlist || !policy.mayRead(playlist)) throw playlistNotFound();
    return playlist;
  }

  private async changeable(policy: PlaylistPolicy, playlistId: string): Promise<PlaylistRecord> {
    const playlist = await this.readable(policy, playlistId);
    const refusal = policy.refusalToChange(playlist);
    if (refusal) throw refusal;
    return playlist;
  }

  private async withSongs(playlist: PlaylistRecord): Promise<PlaylistWithSongsRecord> {
    if (playlist.criteria) {
      // Its songs as chosen now, up to the most a smart playlist may hold.
      const { criteria, ownerId } = playlist;
      const songs = await this.playlists.smartSongsPage(criteria, ownerId, 0, MAX_SMART_LIMIT);
      return { ...playlist, songs };
    }
    return { ...playlist, songs: await this.playlists.songsOf(playlist.id) };
  }
}

/**
 * The fields of a new playlist's form. Only a policy that flags default playlists reads the
 * default flag; anyone else's playlists are never default. First songs are taken from any form
 * that has them (the admin area's, and the Subsonic API's `createPlaylist`).
 */
function draftOf(policy: PlaylistPolicy, fields: NewPlaylistFields): PlaylistDraft {
  const { name, description, isPublic } = fields;
  // Each song once, in the order first given.
  const songs = [...new Set(fields.songs ?? [])];
  if (!policy.flagsDefault) return { name, description, isPublic, isDefault: false, songs };
  return { name, description, isPublic, isDefault: fields.isDefault ?? false, songs };
}
