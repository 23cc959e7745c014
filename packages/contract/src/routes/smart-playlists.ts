import type { MessageResponse, SuccessResponse } from '../envelope';
import type { PageQuery } from '../paging';
import type {
  CreateSmartPlaylistInput,
  NspDocument,
  SmartCatalogue,
  SmartPlaylist,
  SmartPlaylistWithSongs,
  SmartPreview,
  SmartPreviewInput,
  UpdateSmartPlaylistInput,
} from '../smart-playlists';
import { defineRoute } from '../route';

/**
 * A listener's smart playlists (docs/product.md, "Smart playlists"). They are listed with the
 * ordinary ones (GET /api/user/playlists, `isSmart: true`), open and page there too
 * (GET /api/user/playlists/{id} and /songs), and are deleted there or here; these routes read
 * and write their rules.
 */
export const smartPlaylistApi = {
  catalogue: defineRoute<{ response: SuccessResponse<SmartCatalogue> }>()(
    'GET',
    '/api/user/smart-playlists/catalogue',
  ),
  preview: defineRoute<{ body: SmartPreviewInput; response: SuccessResponse<SmartPreview> }>()(
    'POST',
    '/api/user/smart-playlists/preview',
  ),
  create: defineRoute<{
    body: CreateSmartPlaylistInput;
    response: SuccessResponse<SmartPlaylist>;
  }>()('POST', '/api/user/smart-playlists'),
  detail: defineRoute<{ query: PageQuery; response: SuccessResponse<SmartPlaylistWithSongs> }>()(
    'GET',
    '/api/user/smart-playlists/:id',
  ),
  update: defineRoute<{
    body: UpdateSmartPlaylistInput;
    response: SuccessResponse<SmartPlaylist>;
  }>()('PATCH', '/api/user/smart-playlists/:id'),
  remove: defineRoute<{ response: MessageResponse }>()('DELETE', '/api/user/smart-playlists/:id'),
  exportNsp: defineRoute<{ response: NspDocument }>()('GET', '/api/user/smart-playlists/:id/nsp'),
  importNsp: defineRoute<{ body: NspDocument; response: SuccessResponse<SmartPlaylist> }>()(
    'POST',
    '/api/user/smart-playlists/nsp',
  ),
} as const;
