import { z } from 'zod';
import { plainText } from './validation';

/**
 * Genres as the files tag them ("J-Pop", "Singer-Songwriter", "Jazz; Fusion" as two): free-form,
 * several per song, kept beside the seven genres a song is filed under (`GENRES`).
 */

/** The longest genre name kept; a longer one is refused on a form and left out of a file's tags. */
export const MAX_GENRE_LENGTH = 100;
/** The most genres one song has; a file's tags beyond them are left out. */
export const MAX_SONG_GENRES = 20;

export const tagGenreMessages = {
  tooLong: `Each genre must be at most ${MAX_GENRE_LENGTH} characters`,
  tooMany: `A song can have at most ${MAX_SONG_GENRES} genres`,
  empty: 'A genre cannot be empty',
} as const;

/**
 * A song's genres on a form: names as written (control characters dropped, spaces collapsed),
 * compared without case; duplicates go when they are saved.
 */
export const tagGenreListSchema = z
  .array(
    plainText('Genre', { error: tagGenreMessages.empty })
      .overwrite((name) => name.replace(/\s+/gu, ' '))
      .trim()
      .min(1, tagGenreMessages.empty)
      .max(MAX_GENRE_LENGTH, tagGenreMessages.tooLong),
  )
  .max(MAX_SONG_GENRES, tagGenreMessages.tooMany);

/** A tag genre as a song or album names it: `_id` opens its page, `/genres/:id`. */
export const songGenreSchema = z.object({ _id: z.string(), name: z.string() });
export type SongGenre = z.infer<typeof songGenreSchema>;

/** A tag genre with what the catalogue holds of it. */
export const tagGenreSchema = z.object({
  _id: z.string(),
  name: z.string(),
  songCount: z.number().int(),
  albumCount: z.number().int(),
});
export type TagGenre = z.infer<typeof tagGenreSchema>;

/** `GET /api/user/genres`: every tag genre that has songs, by name (case ignored). */
export const tagGenreListResponseSchema = z.object({ genres: z.array(tagGenreSchema) });
export type TagGenreList = z.infer<typeof tagGenreListResponseSchema>;
