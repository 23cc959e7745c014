import type { Bookmark, SaveBookmarkBody } from '@cadenza/contract/bookmarks';
import { bookmarksApi } from '@cadenza/contract/routes/bookmarks';
import { call } from '@/lib/route-call';

/** GET /api/user/songs/:id/bookmark: where the listener stopped in the song; null if nowhere. */
export async function getSongBookmark(
  songId: string,
  signal?: AbortSignal,
): Promise<Bookmark | null> {
  return (await call(bookmarksApi.ofSong, { params: { id: songId }, signal })).data.bookmark;
}

/** PUT /api/user/songs/:id/bookmark: keeps the place in the song. */
export async function saveSongBookmark(songId: string, body: SaveBookmarkBody): Promise<Bookmark> {
  return (await call(bookmarksApi.save, { params: { id: songId }, body })).data;
}

/** DELETE /api/user/songs/:id/bookmark: forgets the place in the song. */
export async function removeSongBookmark(songId: string): Promise<void> {
  await call(bookmarksApi.remove, { params: { id: songId } });
}
