import {
  adminCreatePlaylistBodySchema,
  adminMessages,
  adminUpdatePlaylistBodySchema,
} from '@cadenza/contract/admin';
import type { Playlist, PlaylistWithSongs } from '@cadenza/contract/playlists';
import { NotFound } from '../../errors';
import { newId } from '../../ids';
import type { KeysetPageRequest } from '../../keyset';
import type { Page } from '../../paging';
import { parseInput } from '../../parse-input';
import type { Caller } from '../../plugins/auth';
import type { CoverImages } from '../media/cover-images';
import type { StoredImage } from '../media/images.repository';
import type { MediaUrls } from '../media/media-urls';
import { toPlaylist, toPlaylistWithSongs } from '../playlists/playlist-mapper';
import type {
  PlaylistChanges,
  PlaylistRecord,
  PlaylistsRepository,
} from '../playlists/playlists.repository';

const SONG_NOT_IN_PLAYLIST = 'This song is not in the playlist.';

/**
 * The admin area's playlists (DESIGN.md §10.2): those owned by an administrator, which any admin
 * may change, flag as default or public, and fill with songs in the order they are added.
 */
export class AdminPlaylistsService {
  constructor(
    private readonly playlists: PlaylistsRepository,
    private readonly covers: CoverImages,
    private readonly urls: MediaUrls,
  ) {}

  async list(request: KeysetPageRequest): Promise<Page<Playlist>> {
    const page = await this.playlists.pageAdminPlaylists(request);
    return { ...page, items: page.items.map((record) => toPlaylist(record, this.urls)) };
  }

  async get(playlistId: string): Promise<PlaylistWithSongs> {
    return this.withSongs(await this.adminPlaylist(playlistId));
  }

  /**
   * Creates the playlist with its first songs; the stored cover is taken back on failure, or
   * when its picture was kept already (the playlist then shows that one).
   */
  async create(caller: Caller, body: unknown, cover: StoredImage | null): Promise<Playlist> {
    const id = newId();
    try {
      const input = parseInput(adminCreatePlaylistBodySchema, body ?? {});
      const created = await this.playlists.insertWithSongs(
        {
          id,
          ownerId: caller.userId,
          name: input.name,
          description: input.description,
          cover,
          isPublic: input.isPublic,
          isDefault: input.isDefault,
          createdAt: new Date().toISOString(),
        },
        input.songs,
      );
      if (!created) throw new NotFound(adminMessages.songNotFound, 'song_not_found');
    } catch (error) {
      await this.covers.discard(cover);
      throw error;
    }
    // Stays if the playlist took it; goes if its picture was kept already under an older key.
    await this.covers.discard(cover);
    return toPlaylist(await this.adminPlaylist(id), this.urls);
  }

  /** 404 unless it is an admin playlist: checked before an upload for it is read and stored. */
  async ensureExists(playlistId: string): Promise<void> {
    await this.adminPlaylist(playlistId);
  }

  /** Changes what was sent (never the song list); a replaced cover is removed if unused. */
  async update(playlistId: string, body: unknown, cover: StoredImage | null): Promise<Playlist> {
    let before: PlaylistRecord;
    let after: PlaylistRecord | null;
    try {
      const input = parseInput(adminUpdatePlaylistBodySchema, body ?? {});
      before = await this.adminPlaylist(playlistId);
      const changes: PlaylistChanges = { ...input, ...(cover === null ? {} : { cover }) };
      const changesAnything = Object.values(changes).some((value) => value !== undefined);
      after = changesAnything ? await this.playlists.update(playlistId, changes) : before;
      if (!after) throw new NotFound(adminMessages.playlistNotFound, 'playlist_not_found');
    } catch (error) {
      await this.covers.discard(cover);
      throw error;
    }
    if (after.coverKey !== before.coverKey) await this.covers.discard(before.coverKey);
    // Stays if the playlist took it; goes if its picture was kept already under an older key.
    await this.covers.discard(cover);
    return toPlaylist(after, this.urls);
  }

  async delete(playlistId: string): Promise<void> {
    await this.adminPlaylist(playlistId);
    const deleted = await this.playlists.delete(playlistId);
    if (!deleted) throw new NotFound(adminMessages.playlistNotFound, 'playlist_not_found');
    await this.covers.discard(deleted.coverKey);
  }

  /** Puts a song at the end of the playlist; one already there stays where it is. */
  async addSong(playlistId: string, songId: string): Promise<PlaylistWithSongs> {
    await this.adminPlaylist(playlistId);
    const outcome = await this.playlists.appendSong(playlistId, songId, new Date().toISOString());
    if (outcome === 'no-song') throw new NotFound(adminMessages.songNotFound, 'song_not_found');
    if (outcome === 'no-playlist')
      throw new NotFound(adminMessages.playlistNotFound, 'playlist_not_found');
    return this.withSongs(await this.adminPlaylist(playlistId));
  }

  async removeSong(playlistId: string, songId: string): Promise<PlaylistWithSongs> {
    await this.adminPlaylist(playlistId);
    const outcome = await this.playlists.removeSong(playlistId, songId);
    if (outcome === 'not-there') throw new NotFound(SONG_NOT_IN_PLAYLIST, 'song_not_in_playlist');
    if (outcome === 'no-playlist')
      throw new NotFound(adminMessages.playlistNotFound, 'playlist_not_found');
    return this.withSongs(await this.adminPlaylist(playlistId));
  }

  /** Playlists of listeners are not the admin area's: 404, as if they did not exist. */
  private async adminPlaylist(playlistId: string): Promise<PlaylistRecord> {
    const playlist = await this.playlists.findAdminPlaylist(playlistId);
    if (!playlist) throw new NotFound(adminMessages.playlistNotFound, 'playlist_not_found');
    return playlist;
  }

  private async withSongs(playlist: PlaylistRecord): Promise<PlaylistWithSongs> {
    return toPlaylistWithSongs(playlist, await this.playlists.songsOf(playlist.id), this.urls);
  }
}
