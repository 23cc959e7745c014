import type { MessageResponse, SuccessResponse } from '../envelope';
import type { PageQuery, PageResponse } from '../paging';
import type { MoveSongBody, Playlist, PlaylistWithSongs } from '../playlists';
import type { Song } from '../songs';
import { defineRoute, type Multipart } from '../route';

/** The listener's playlists (docs/product.md §10.1); create and edit are multipart (a cover). */
export const playlistApi = {
  list: defineRoute<{ query: PageQuery; response: PageResponse<Playlist> }>()(
    'GET',
    '/api/user/playlists',
  ),
  detail: defineRoute<{ response: SuccessResponse<PlaylistWithSongs> }>()(
    'GET',
    '/api/user/playlists/:id',
  ),
  songs: defineRoute<{ query: PageQuery; response: PageResponse<Song> }>()(
    'GET',
    '/api/user/playlists/:id/songs',
  ),
  create: defineRoute<{ body: Multipart; response: SuccessResponse<Playlist> }>()(
    'POST',
    '/api/user/playlists',
  ),
  update: defineRoute<{ body: Multipart; response: SuccessResponse<Playlist> }>()(
    'PATCH',
    '/api/user/playlists/:id',
  ),
  remove: defineRoute<{ response: MessageResponse }>()('DELETE', '/api/user/playlists/:id'),
  addSong: defineRoute<{ response: SuccessResponse<PlaylistWithSongs> }>()(
    'PUT',
    '/api/user/playlists/:playlistId/songs/:songId',
  ),
  removeSong: defineRoute<{ response: SuccessResponse<PlaylistWithSongs> }>()(
    'DELETE',
    '/api/user/playlists/:playlistId/songs/:songId',
  ),
  moveSong: defineRoute<{ body: MoveSongBody; response: SuccessResponse<PlaylistWithSongs> }>()(
    'PUT',
    '/api/user/playlists/:playlistId/songs/:songId/position',
  ),
} as const;

/** The administrator's playlists (docs/product.md §10): the songs are sent with the create. */
export const adminPlaylistApi = {
  list: defineRoute<{ query: PageQuery; response: PageResponse<Playlist> }>()(
    'GET',
    '/api/admin/playlists',
  ),
  detail: defineRoute<{ response: SuccessResponse<PlaylistWithSongs> }>()(
    'GET',
    '/api/admin/playlists/:id',
  ),
  songs: defineRoute<{ query: PageQuery; response: PageResponse<Song> }>()(
    'GET',
    '/api/admin/playlists/:id/songs',
  ),
  create: defineRoute<{ body: Multipart; response: SuccessResponse<Playlist> }>()(
    'POST',
    '/api/admin/playlists',
  ),
  update: defineRoute<{ body: Multipart; response: SuccessResponse<Playlist> }>()(
    'PUT',
    '/api/admin/playlists/:id',
  ),
  remove: defineRoute<{ response: MessageResponse }>()('DELETE', '/api/admin/playlists/:id'),
  addSong: defineRoute<{ response: SuccessResponse<PlaylistWithSongs> }>()(
    'PUT',
    '/api/admin/playlists/:playlistId/songs/:songId',
  ),
  removeSong: defineRoute<{ response: SuccessResponse<PlaylistWithSongs> }>()(
    'DELETE',
    '/api/admin/playlists/:playlistId/songs/:songId',
  ),
  moveSong: defineRoute<{ body: MoveSongBody; response: SuccessResponse<PlaylistWithSongs> }>()(
    'PUT',
    '/api/admin/playlists/:playlistId/songs/:songId/position',
  ),
} as const;
