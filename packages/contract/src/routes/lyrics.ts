import type { MessageResponse, SuccessResponse } from '../envelope';
import type { LyricsBody, SongLyrics, SongLyricsAnswer } from '../lyrics';
import { defineRoute } from '../route';

/**
 * Songs' lyrics (docs/product.md §10.7): listeners read them, administrators set and remove them.
 * Apart from the song routes, so that pages without a player never load them.
 */
export const lyricsApi = {
  ofSong: defineRoute<{ response: SuccessResponse<SongLyricsAnswer> }>()(
    'GET',
    '/api/user/songs/:id/lyrics',
  ),
  set: defineRoute<{ body: LyricsBody; response: SuccessResponse<SongLyrics> }>()(
    'PUT',
    '/api/admin/songs/:id/lyrics',
  ),
  remove: defineRoute<{ response: MessageResponse }>()('DELETE', '/api/admin/songs/:id/lyrics'),
} as const;
