import type { MessageResponse, SuccessResponse } from '../envelope';
import type { CreateShareBody, Share, SharedPage, SharePlayBody, UpdateShareBody } from '../shares';
import { defineRoute } from '../route';

/** Public links to songs, albums and playlists (docs/product.md §12.15). */
export const sharesApi = {
  list: defineRoute<{ response: SuccessResponse<Share[]> }>()('GET', '/api/user/shares'),
  create: defineRoute<{ body: CreateShareBody; response: SuccessResponse<Share> }>()(
    'POST',
    '/api/user/shares',
  ),
  update: defineRoute<{ body: UpdateShareBody; response: SuccessResponse<Share> }>()(
    'PATCH',
    '/api/user/shares/:id',
  ),
  revoke: defineRoute<{ response: MessageResponse }>()('DELETE', '/api/user/shares/:id'),
  /** For visitors: no session needed. */
  shared: defineRoute<{ response: SuccessResponse<SharedPage> }>()('GET', '/api/shares/:id'),
  play: defineRoute<{ body: SharePlayBody; response: MessageResponse }>()(
    'POST',
    '/api/shares/:id/plays',
  ),
} as const;
