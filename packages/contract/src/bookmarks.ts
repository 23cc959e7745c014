import { z } from 'zod';
import { songSchema } from './songs';
import { plainText } from './validation';

export { LONG_TRACK_SECONDS } from './limits';
/** The longest comment a bookmark keeps. */
export const MAX_BOOKMARK_COMMENT_LENGTH = 500;
/** The most bookmarks one listener keeps: saving another lets the longest untouched one go. */
export const MAX_BOOKMARKS = 1000;

export const bookmarkMessages = {
  position: 'The position must be a whole number of milliseconds, 0 or more',
  commentTooLong: `The comment must be at most ${MAX_BOOKMARK_COMMENT_LENGTH} characters`,
  removed: 'Bookmark removed',
  notFound: 'This song has no bookmark',
} as const;

const m = bookmarkMessages;

/** PUT /api/user/songs/:id/bookmark: where in the song the listener stopped. */
export const saveBookmarkBodySchema = z.object({
  positionMs: z.number({ error: m.position }).int(m.position).min(0, m.position),
  comment: plainText('Comment')
    .trim()
    .max(MAX_BOOKMARK_COMMENT_LENGTH, m.commentTooLong)
    .optional(),
});
export type SaveBookmarkBody = z.infer<typeof saveBookmarkBodySchema>;

/** A place kept in a song (the same bookmarks apps keep with `createBookmark`). */
export const bookmarkSchema = z.object({
  song: songSchema,
  positionMs: z.number(),
  comment: z.string().nullable(),
  /** ISO-8601 UTC. */
  createdAt: z.string(),
  /** ISO-8601 UTC. */
  changedAt: z.string(),
});
export type Bookmark = z.infer<typeof bookmarkSchema>;

/** GET /api/user/songs/:id/bookmark: the song's bookmark, or null. */
export const songBookmarkAnswerSchema = z.object({ bookmark: bookmarkSchema.nullable() });
export type SongBookmarkAnswer = z.infer<typeof songBookmarkAnswerSchema>;
