import type { AlbumPage } from '../catalogue';
import type { SuccessResponse } from '../envelope';
import type { PageQuery } from '../paging';
import type { SongPage } from '../songs';
import type { TagGenre, TagGenreList } from '../tag-genres';
import { defineRoute } from '../route';

/** The tag genres the listener browses (docs/product.md §12.2): the list, and each one's page. */
export const genreApi = {
  list: defineRoute<{ response: SuccessResponse<TagGenreList> }>()('GET', '/api/user/genres'),
  detail: defineRoute<{ response: SuccessResponse<TagGenre> }>()('GET', '/api/user/genres/:id'),
  albums: defineRoute<{ query: PageQuery; response: AlbumPage }>()(
    'GET',
    '/api/user/genres/:id/albums',
  ),
  songs: defineRoute<{ query: PageQuery; response: SongPage }>()(
    'GET',
    '/api/user/genres/:id/songs',
  ),
} as const;
