import { z } from 'zod';
import { plainText } from './validation';

/** The most lyrics one song keeps, in UTF-8 bytes: longer text is refused, never cut. */
export const MAX_LYRICS_BYTES = 256 * 1024;

/** Where a song's lyrics came from: its file's tags, a `.lrc` beside it, or an edit. */
export const LYRICS_SOURCES = ['embedded', 'sidecar', 'edited'] as const;
export type LyricsSource = (typeof LYRICS_SOURCES)[number];

/** The length of a text in UTF-8 bytes, on the server and in the browser alike. */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

export const lyricsMessages = {
  required: 'Lyrics are required',
  tooLarge: `Lyrics must be at most ${MAX_LYRICS_BYTES / 1024} KB`,
  removed: 'Lyrics removed',
  noLyrics: 'This song has no lyrics to remove',
} as const;

/** A word of an enhanced LRC line, with the time (ms) it is sung at. */
export const lyricsWordSchema = z.object({ start: z.number().int(), value: z.string() });
export type LyricsWord = z.infer<typeof lyricsWordSchema>;

/**
 * One line. `start` is the time (ms, the offset already applied) it is sung at when the lyrics are
 * synced, null for plain lyrics; `words` only when the LRC timed each word.
 */
export const lyricsLineSchema = z.object({
  start: z.number().int().nullable(),
  value: z.string(),
  words: z.array(lyricsWordSchema).optional(),
});
export type LyricsLine = z.infer<typeof lyricsLineSchema>;

/**
 * A song's lyrics as every client shows them (`GET /api/user/songs/{id}/lyrics`): synced lines in
 * time order, or plain ones in text order. `offsetMs` is the LRC `[offset:]` already applied to
 * the lines' times (said for clients that show it).
 */
export const songLyricsSchema = z.object({
  songId: z.string(),
  synced: z.boolean(),
  language: z.string().nullable(),
  offsetMs: z.number().int(),
  source: z.enum(LYRICS_SOURCES),
  lines: z.array(lyricsLineSchema),
});
export type SongLyrics = z.infer<typeof songLyricsSchema>;

/** The answer of `GET /api/user/songs/{id}/lyrics`: null when the song has none. */
export const songLyricsAnswerSchema = z.object({ lyrics: songLyricsSchema.nullable() });
export type SongLyricsAnswer = z.infer<typeof songLyricsAnswerSchema>;

/**
 * `PUT /api/admin/songs/{id}/lyrics` (the owner of an uploaded song, or an admin): LRC text (synced
 * when its lines carry times) or plain text, pasted or read from a `.lrc`/`.txt` file.
 */
export const lyricsBodySchema = z.object({
  text: plainText('Lyrics', { error: lyricsMessages.required })
    .refine((text) => text.trim() !== '', lyricsMessages.required)
    .refine((text) => utf8Bytes(text) <= MAX_LYRICS_BYTES, lyricsMessages.tooLarge),
  language: plainText('Language')
    .trim()
    .max(16, 'Language must be at most 16 characters')
    .optional(),
});
export type LyricsBody = z.infer<typeof lyricsBodySchema>;
