import type { Album } from '../catalogue';
import type { SuccessResponse } from '../envelope';
import { defineRoute, type Multipart } from '../route';

/** The administrator's edits of albums (multipart, with a cover; the server also takes JSON). */
export const adminAlbumApi = {
  update: defineRoute<{ body: Multipart; response: SuccessResponse<Album> }>()(
    'PUT',
    '/api/admin/albums/:id',
  ),
} as const;
