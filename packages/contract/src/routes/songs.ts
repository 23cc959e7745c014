import type { MessageResponse, SuccessResponse } from '../envelope';
import type { PageQuery } from '../paging';
import type { SongFileDetails } from '../song-form';
import type {
  LikeToggleResponse,
  PublicSongPage,
  RecentlyPlayedEntry,
  RecentlyPlayedQuery,
  RemovedDemoSongs,
  SaveToggleResponse,
  Song,
  SongListQuery,
  SongMarks,
  SongPage,
} from '../songs';
import { defineRoute, type FileAnswer, type Multipart } from '../route';

/** The listener's songs (docs/product.md §7), under /api/user/songs. */
export const songApi = {
  list: defineRoute<{ query: SongListQuery; response: SongPage }>()('GET', '/api/user/songs'),
  liked: defineRoute<{ query: PageQuery; response: SongPage }>()('GET', '/api/user/songs/liked'),
  saved: defineRoute<{ query: PageQuery; response: SongPage }>()('GET', '/api/user/songs/saved'),
  marks: defineRoute<{ response: SuccessResponse<SongMarks> }>()('GET', '/api/user/songs/marks'),
  recentlyPlayed: defineRoute<{
    query: RecentlyPlayedQuery;
    response: SuccessResponse<RecentlyPlayedEntry[]>;
  }>()('GET', '/api/user/songs/recently-played'),
  recordPlay: defineRoute<{ response: MessageResponse }>()('POST', '/api/user/songs/:id/play'),
  toggleLike: defineRoute<{ response: LikeToggleResponse }>()('PUT', '/api/user/songs/:id/like'),
  toggleSave: defineRoute<{ response: SaveToggleResponse }>()('PUT', '/api/user/songs/:id/save'),
  download: defineRoute<{ response: FileAnswer }>()('GET', '/api/user/songs/:id/download'),
} as const;

/** What a visitor sees of the catalogue: the landing page's songs. */
export const publicSongApi = {
  list: defineRoute<{ query: SongListQuery; response: PublicSongPage }>()(
    'GET',
    '/api/general/songs',
  ),
} as const;

/** The administrator's songs (docs/product.md §10), multipart with the audio and cover files. */
export const adminSongApi = {
  list: defineRoute<{ query: SongListQuery; response: SongPage }>()('GET', '/api/admin/songs'),
  create: defineRoute<{ body: Multipart; response: SuccessResponse<Song> }>()(
    'POST',
    '/api/admin/songs',
  ),
  inspect: defineRoute<{ body: Multipart; response: SuccessResponse<SongFileDetails> }>()(
    'POST',
    '/api/admin/songs/inspect',
  ),
  update: defineRoute<{ body: Multipart; response: SuccessResponse<Song> }>()(
    'PUT',
    '/api/admin/songs/:id',
  ),
  remove: defineRoute<{ response: MessageResponse }>()('DELETE', '/api/admin/songs/:id'),
  /** Every song of the bundled demo library at once (known by its files' content). */
  removeDemo: defineRoute<{ response: SuccessResponse<RemovedDemoSongs> & MessageResponse }>()(
    'DELETE',
    '/api/admin/songs/demo',
  ),
} as const;
