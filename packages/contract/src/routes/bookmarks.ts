import type { Bookmark, SaveBookmarkBody, SongBookmarkAnswer } from '../bookmarks';
import type { MessageResponse, SuccessResponse } from '../envelope';
import { defineRoute } from '../route';

/** Places kept in songs, to resume there (docs/product.md §12.7). */
export const bookmarksApi = {
  list: defineRoute<{ response: SuccessResponse<Bookmark[]> }>()('GET', '/api/user/bookmarks'),
  ofSong: defineRoute<{ response: SuccessResponse<SongBookmarkAnswer> }>()(
    'GET',
    '/api/user/songs/:id/bookmark',
  ),
  save: defineRoute<{ body: SaveBookmarkBody; response: SuccessResponse<Bookmark> }>()(
    'PUT',
    '/api/user/songs/:id/bookmark',
  ),
  remove: defineRoute<{ response: MessageResponse }>()('DELETE', '/api/user/songs/:id/bookmark'),
} as const;
