import { z } from 'zod';
import { pageQuerySchema, pageResponse } from './paging';
import { songSchema } from './songs';
import { idField, plainText } from './validation';

/** The services whose listening history can be brought along (docs/product.md). */
export const HISTORY_SOURCES = ['spotify', 'listenbrainz', 'lastfm'] as const;
export const historySourceSchema = z.enum(HISTORY_SOURCES, {
  error: 'source must be spotify, listenbrainz or lastfm',
});
export type HistorySource = z.infer<typeof historySourceSchema>;

/** The largest history file taken in one upload: 256 MiB. */
export const MAX_HISTORY_FILE_BYTES = 256 * 1024 * 1024;

/** GET /api/user/history: a page of the listener's plays, newest first, optionally searched. */
export const historyQuerySchema = pageQuerySchema.extend({
  q: plainText('q').trim().max(200, 'Search at most 200 characters').optional(),
});
export type HistoryQuery = z.input<typeof historyQuerySchema>;

/** One play of the listener's history: which song, and when. */
export const historyEntrySchema = z.object({
  id: z.string(),
  playedAt: z.string(),
  song: songSchema,
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export const historyPageSchema = pageResponse(historyEntrySchema);
export type HistoryPage = z.infer<typeof historyPageSchema>;

/** A play's id in a path: plays are numbered, not named by UUIDs. */
export const playIdParamsSchema = z.object({
  id: z
    .string({ error: 'id must be a play number' })
    .regex(/^[1-9]\d{0,14}$/, 'id must be a play number'),
});

export const historyImportQuerySchema = z.object({ source: historySourceSchema });

/** An import of a history file, and how far it got (the page polls this). */
export const historyImportSchema = z.object({
  id: z.string(),
  source: historySourceSchema,
  status: z.enum(['running', 'done', 'failed']),
  /** Listens in the file. */
  total: z.number(),
  processed: z.number(),
  matched: z.number(),
  unmatched: z.number(),
  /** Listens already brought along by an earlier import of the same history. */
  duplicates: z.number(),
  /** Entries that are not listens (Spotify streams under 30 seconds, podcasts). */
  skipped: z.number(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type HistoryImport = z.infer<typeof historyImportSchema>;

/** A brought-along listen no song of the library matched. */
export const unmatchedListenSchema = z.object({
  id: z.string(),
  source: historySourceSchema,
  playedAt: z.string(),
  artist: z.string(),
  title: z.string(),
  album: z.string().nullable(),
});
export type UnmatchedListen = z.infer<typeof unmatchedListenSchema>;
export const unmatchedListenPageSchema = pageResponse(unmatchedListenSchema);
export type UnmatchedListenPage = z.infer<typeof unmatchedListenPageSchema>;

/** POST /api/user/history/unmatched/:id/match: the song the listen was of. */
export const matchListenBodySchema = z.object({ songId: idField('songId must be a UUID') });
export type MatchListenBody = z.infer<typeof matchListenBodySchema>;
