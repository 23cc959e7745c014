import { MAX_BOOKMARK_COMMENT_LENGTH } from '@cadenza/contract/bookmarks';
import type { BookmarksService } from '../bookmarks/bookmarks.service';
import { forListeners, OK, type SubsonicEndpoints } from './subsonic-endpoint';
import { parseId } from './subsonic-ids';
import type { SubsonicLibrary } from './subsonic-library';
import { invalidParameter } from './subsonic-response';

export interface BookmarksDeps {
  readonly bookmarks: BookmarksService;
  readonly library: SubsonicLibrary;
}

/** Subsonic's bookmarks: the same places in songs the web keeps for long tracks. */
export function bookmarksEndpoints({ bookmarks, library }: BookmarksDeps): SubsonicEndpoints {
  return {
    getBookmarks: forListeners(async ({ caller }) => {
      const found = await bookmarks.list(caller.user.id);
      const entries = await library.songs(
        caller,
        found.map((bookmark) => bookmark.song),
      );
      return {
        bookmarks: {
          bookmark: found.map((bookmark, index) => ({
            position: bookmark.positionMs,
            username: caller.user.email,
            comment: bookmark.comment ?? undefined,
            created: bookmark.createdAt,
            changed: bookmark.changedAt,
            entry: entries[index],
          })),
        },
      };
    }),

    createBookmark: forListeners(async ({ params, caller }) => {
      const songId = parseId('song', params.required('id'));
      const position = params.requiredInt('position', 0);
      const comment = params.get('comment');
      if (comment !== undefined && comment.trim().length > MAX_BOOKMARK_COMMENT_LENGTH) {
        throw invalidParameter('comment', `at most ${MAX_BOOKMARK_COMMENT_LENGTH} characters`);
      }
      await bookmarks.save(caller.user.id, songId, position, comment?.trim());
      return OK;
    }),

    deleteBookmark: forListeners(async ({ params, caller }) => {
      await bookmarks.remove(caller.user.id, parseId('song', params.required('id')));
      return OK;
    }),
  };
}
