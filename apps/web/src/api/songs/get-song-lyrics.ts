import type { SongLyrics } from '@cadenza/contract/lyrics';
import { lyricsApi } from '@cadenza/contract/routes/lyrics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { songKeys } from '@/api/query-keys';
import { call } from '@/lib/route-call';

/** GET /api/user/songs/:id/lyrics: the song's synced or plain lyrics, null when it has none. */
export async function getSongLyrics(id: string, signal?: AbortSignal): Promise<SongLyrics | null> {
  return (await call(lyricsApi.ofSong, { params: { id }, signal })).data.lyrics;
}

export function songLyricsQueryOptions(id: string) {
  return queryOptions({
    queryKey: songKeys.lyrics(id),
    queryFn: ({ signal }) => getSongLyrics(id, signal),
    // A song's lyrics seldom change: read again after minutes, not each time the view opens.
    staleTime: 10 * 60_000,
  });
}

export function useSongLyrics(id: string) {
  return useQuery(songLyricsQueryOptions(id));
}
