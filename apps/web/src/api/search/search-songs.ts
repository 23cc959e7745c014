import { searchApi } from '@cadenza/contract/routes/catalogue';
import type { Song } from '@cadenza/contract/songs';
import { call } from '@/lib/route-call';

/** GET /api/user/songs/search?query=…: never called with a blank query (docs/product.md §5). */
export async function searchSongs(query: string, signal?: AbortSignal): Promise<Song[]> {
  return (await call(searchApi.songs, { query: { query }, signal })).data;
}
