import type { Bookmark } from '@cadenza/contract/bookmarks';
import type { MediaUrls } from '../delivery/media-urls';
import { presentSong } from '../songs/songs.presenter';
import type { BookmarkWithSong } from './bookmarks.service';

export function presentBookmark(
  bookmark: BookmarkWithSong,
  urls: MediaUrls,
  now: number,
): Bookmark {
  return {
    song: presentSong(bookmark.song, urls, now),
    positionMs: bookmark.positionMs,
    comment: bookmark.comment,
    createdAt: bookmark.createdAt,
    changedAt: bookmark.changedAt,
  };
}
