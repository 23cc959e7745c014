import type { PageQuery } from '@cadenza/contract/paging';
import {
  createPlaylistBodySchema,
  type Playlist,
  type PlaylistWithSongs,
} from '@cadenza/contract/playlists';
import { Forbidden, NotFound } from '../../errors';
import { newId } from '../../ids';
import { DEFAULT_PAGE_SIZE, type Page } from '../../paging';
import { parseInput } from '../../parse-input';
import type { Caller } from '../../plugins/auth';
import type { CoverImages } from '../media/cover-images';
import type { StoredImage } from '../media/images.repository';
import type { MediaUrls } from '../media/media-urls';
import { decodePlaylistCursor, encodePlaylistCursor } from './playlist-cursor';
import { toPlaylist, toPlaylistWithSongs } from './playlist-mapper';
import type { PlaylistRecord, PlaylistsRepository } from './playlists.repository';

const PLAYLIST_NOT_FOUND = 'Playlist not found.';
const SONG_NOT_FOUND = 'Song not found.';
const SONG_NOT_IN_PLAYLIST = 'This song is not in the playlist.';
const NOT_YOUR_PLAYLIST = 'You can only change your own playlists.';
const DEFAULT_IS_READ_ONLY = 'Default playlists can only be changed in the admin area.';

/**
 * A listener's playlists (DESIGN.md §10.1): anyone reads their own, public ones by id, and the
 * default public ones; only the owner changes a playlist, and never a default one from here.
 */
export class PlaylistsService {
  constructor(
    private readonly playlists: PlaylistsRepository,
    private readonly covers: CoverImages,
    private readonly urls: MediaUrls,
  ) {}

  async list(caller: Caller, query: PageQuery): Promise<Page<Playlist>> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = query.cursor === undefined ? null : decodePlaylistCursor(query.cursor);
    const records = await this.playlists.listVisibleTo(caller.userId, limit, after);
    const items = records.slice(0, limit);
    const last = items[items.length - 1];
    const nextCursor =
      records.length > limit && last
        ? encodePlaylistCursor({
            section: last.ownerId === caller.userId ? 'own' : 'default',
            createdAt: last.createdAt,
            id: last.id,
          })
        : undefined;
    return { items: items.map((record) => toPlaylist(record, this.urls)), nextCursor };
  }

  async get(caller: Caller, playlistId: string): Promise<PlaylistWithSongs> {
    return this.withSongs(await this.readable(caller, playlistId));
  }

  /**
   * Creates a playlist from validated-here fields (a multipart form or a JSON body) and an
   * already stored cover; the cover is taken back when the playlist cannot be created, or when
   * its picture was kept already (the playlist then shows that one).
   */
  async create(caller: Caller, body: unknown, cover: StoredImage | null): Promise<Playlist> {
    const id = newId();
    try {
      const input = parseInput(createPlaylistBodySchema, body ?? {});
      await this.playlists.insert({
        id,
        ownerId: caller.userId,
        name: input.name,
        description: input.description,
        cover,
        isPublic: input.isPublic,
        isDefault: false,
        createdAt: new Date().toISOString(),
      });
    } catch (error) {
      await this.covers.discard(cover);
      throw error;
    }
    // Stays if the playlist took it; goes if its picture was kept already under an older key.
    await this.covers.discard(cover);
    const created = await this.playlists.findById(id);
    if (!created) throw new NotFound(PLAYLIST_NOT_FOUND, 'playlist_not_found');
    return toPlaylist(created, this.urls);
  }

  async addSong(caller: Caller, playlistId: string, songId: string): Promise<PlaylistWithSongs> {
    await this.changeable(caller, playlistId);
    const outcome = await this.playlists.appendSong(playlistId, songId, new Date().toISOString());
    if (outcome === 'no-song') throw new NotFound(SONG_NOT_FOUND, 'song_not_found');
    return this.current(playlistId);
  }

  async removeSong(caller: Caller, playlistId: string, songId: string): Promise<PlaylistWithSongs> {
    await this.changeable(caller, playlistId);
    const outcome = await this.playlists.removeSong(playlistId, songId);
    if (outcome === 'not-there') throw new NotFound(SONG_NOT_IN_PLAYLIST, 'song_not_in_playlist');
    return this.current(playlistId);
  }

  async delete(caller: Caller, playlistId: string): Promise<void> {
    await this.changeable(caller, playlistId);
    const deleted = await this.playlists.delete(playlistId);
    if (!deleted) throw new NotFound(PLAYLIST_NOT_FOUND, 'playlist_not_found');
    await this.covers.discard(deleted.coverKey);
  }

  /** Someone else's private playlist answers 404, as if it did not exist. */
  private async readable(caller: Caller, playlistId: string): Promise<PlaylistRecord> {
    const playlist = await this.playlists.findById(playlistId);
    if (!playlist || (!playlist.isPublic && playlist.ownerId !== caller.userId)) {
      throw new NotFound(PLAYLIST_NOT_FOUND, 'playlist_not_found');
    }
    return playlist;
  }

  private async changeable(caller: Caller, playlistId: string): Promise<PlaylistRecord> {
    const playlist = await this.readable(caller, playlistId);
    if (playlist.isDefault) throw new Forbidden(DEFAULT_IS_READ_ONLY, 'default_playlist_read_only');
    if (playlist.ownerId !== caller.userId)
      throw new Forbidden(NOT_YOUR_PLAYLIST, 'not_playlist_owner');
    return playlist;
  }

  /** The playlist as it is now; it may have been deleted in the meantime. */
  private async current(playlistId: string): Promise<PlaylistWithSongs> {
    const playlist = await this.playlists.findById(playlistId);
    if (!playlist) throw new NotFound(PLAYLIST_NOT_FOUND, 'playlist_not_found');
    return this.withSongs(playlist);
  }

  private async withSongs(playlist: PlaylistRecord): Promise<PlaylistWithSongs> {
    return toPlaylistWithSongs(playlist, await this.playlists.songsOf(playlist.id), this.urls);
  }
}
