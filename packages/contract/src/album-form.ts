import { z } from 'zod';
import {
  MAX_SONG_TEXT_LENGTH,
  MIN_RELEASE_YEAR,
  currentYear,
  releaseYearMessage,
} from './song-form';
import { tagGenreListSchema } from './tag-genres';
import { plainText } from './validation';

/** The words of the admin's Edit Album dialog, shared by the server and the web form. */
export const albumFormMessages = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${MAX_SONG_TEXT_LENGTH} characters`,
  albumArtistRequired: 'Album artist is required',
  albumArtistTooLong: `Album artist must be at most ${MAX_SONG_TEXT_LENGTH} characters`,
  genresInvalid: 'Genres must be a list of names',
} as const;

/** The fields of an album an administrator may set by hand, as `edited_fields` names them. */
export const EDITABLE_ALBUM_FIELDS = ['title', 'albumArtist', 'year', 'genres', 'cover'] as const;
export type EditableAlbumField = (typeof EDITABLE_ALBUM_FIELDS)[number];

const titleField = plainText('Title', { error: albumFormMessages.titleRequired })
  .trim()
  .min(1, albumFormMessages.titleRequired)
  .max(MAX_SONG_TEXT_LENGTH, albumFormMessages.titleTooLong);

const albumArtistField = plainText('Album artist', { error: albumFormMessages.albumArtistRequired })
  .trim()
  .min(1, albumFormMessages.albumArtistRequired)
  .max(MAX_SONG_TEXT_LENGTH, albumFormMessages.albumArtistTooLong);

/** Checked against the current year at the time of the check, as the song form's. */
const yearNumber = z.number({ error: () => releaseYearMessage() }).superRefine((year, context) => {
  const maxYear = currentYear();
  if (!Number.isInteger(year) || year < MIN_RELEASE_YEAR || year > maxYear) {
    context.addIssue({ code: 'custom', message: releaseYearMessage(maxYear) });
  }
});

/** The web's Edit Album dialog; its cover is handled beside it. */
export const albumFormSchema = z.object({
  title: titleField,
  albumArtist: albumArtistField,
  year: yearNumber.nullable(),
  genres: tagGenreListSchema,
});
export type AlbumForm = z.infer<typeof albumFormSchema>;

const blankAsUnset = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** Genres as a multipart form sends them: one field holding a JSON array, or repeated fields. */
const genreList = (value: unknown) => {
  if (Array.isArray(value)) return value as unknown[];
  const unset = blankAsUnset(value);
  if (typeof unset !== 'string') return unset;
  if (!unset.trim().startsWith('[')) return [unset];
  try {
    return JSON.parse(unset) as unknown;
  } catch {
    return unset;
  }
};

/**
 * `PUT /api/admin/albums/{id}`, multipart (with a `coverImage` file) or JSON. The title is
 * required; the album artist, year and genres left out (or empty) stay as they are. Genres given
 * become the genres of every song of the album.
 */
export const albumChangesSchema = z.object({
  title: titleField,
  albumArtist: z.preprocess(blankAsUnset, albumArtistField.optional()),
  year: z.preprocess((value) => {
    const unset = blankAsUnset(value);
    return typeof unset === 'string' ? Number(unset) : unset;
  }, yearNumber.optional()),
  genres: z.preprocess(
    genreList,
    z
      .array(z.unknown(), { error: albumFormMessages.genresInvalid })
      .pipe(tagGenreListSchema)
      .optional(),
  ),
});
export type AlbumChanges = z.infer<typeof albumChangesSchema>;
