import type { Song } from '@cadenza/contract/songs';
import { getLikedSongs } from '@/api/songs/get-liked-songs';
import { getRecentlyPlayed } from '@/api/songs/get-recently-played';
import { getSavedSongs } from '@/api/songs/get-saved-songs';
import { getSongPage, SONG_PAGE_SIZE } from '@/api/songs/get-songs';

/** Pages of the song list read, at most, when looking for songs no shorter list holds. */
const MAX_LIST_PAGES = 10;

/** Fresh copies of the songs found, and the ids the server no longer has. */
export interface QueueSongs {
  songs: Song[];
  /** Ids missing from the whole catalogue (e.g. deleted by an admin); empty when not all was read. */
  gone: string[];
}

/**
 * Fresh copies (new signed audio URLs) of the songs with these ids. The player keeps song ids;
 * the songs it plays are almost always in the recently played list (a play is recorded when a
 * song starts), among the newest liked or saved songs, or near the top of the catalogue, so those are read
 * first and the full list only page by page while ids are missing.
 */
export async function fetchFreshSongs(ids: readonly string[]): Promise<Song[]> {
  return (await fetchQueueSongs(ids)).songs;
}

/**
 * As `fetchFreshSongs`, and says which songs are gone: those still missing once the catalogue's
 * last page was read.
 */
export async function fetchQueueSongs(ids: readonly string[]): Promise<QueueSongs> {
  const wanted = new Set(ids);
  const found = new Map<string, Song>();
  const take = (songs: readonly Song[]) => {
    for (const song of songs) if (wanted.has(song._id)) found.set(song._id, song);
  };

  const [recent, liked, saved] = await Promise.allSettled([
    getRecentlyPlayed(),
    getLikedSongs(undefined),
    getSavedSongs(undefined),
  ]);
  if (recent.status === 'fulfilled') take(recent.value.map((entry) => entry.song));
  if (liked.status === 'fulfilled') take(liked.value.data);
  if (saved.status === 'fulfilled') take(saved.value.data);

  let cursor: string | undefined;
  let readAll = false;
  for (let page = 0; page < MAX_LIST_PAGES && found.size < wanted.size; page += 1) {
    const result = await getSongPage({ limit: SONG_PAGE_SIZE, cursor });
    take(result.data);
    cursor = result.nextCursor;
    if (!cursor) {
      readAll = true;
      break;
    }
  }
  const gone = readAll ? [...wanted].filter((id) => !found.has(id)) : [];
  return { songs: [...found.values()], gone };
}
