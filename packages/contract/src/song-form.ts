import { z } from 'zod';
import { GENRES, genreSchema } from './songs';
import { plainText } from './validation';

export const MIN_RELEASE_YEAR = 1900;
export const MAX_SONG_TEXT_LENGTH = 200;
/** The longest song: a duration beyond it is a typing slip or a file that lies about itself. */
export const MAX_DURATION_SECONDS = 24 * 60 * 60;

/** The latest release year a song may have: the current year, read when a value is checked. */
export function currentYear(): number {
  return new Date().getFullYear();
}

/** The words of docs/product.md §5 for the admin song form, shared by the server and the web form. */
export const songFormMessages = {
  titleRequired: 'Title is required',
  artistRequired: 'Artist is required',
  titleTooLong: `Title must be at most ${MAX_SONG_TEXT_LENGTH} characters`,
  artistTooLong: `Artist must be at most ${MAX_SONG_TEXT_LENGTH} characters`,
  albumTooLong: `Album must be at most ${MAX_SONG_TEXT_LENGTH} characters`,
  genreInvalid: `Genre must be one of ${GENRES.join(', ')}`,
  durationTooShort: 'Duration must be at least 1 second',
  durationTooLong: 'Duration must be at most 24 hours',
  audioRequired: 'Choose an audio file to upload.',
  audioType: 'The audio file must be MP3, M4A/AAC, FLAC, Ogg/Opus or WAV.',
} as const;

export function releaseYearMessage(maxYear: number = currentYear()): string {
  return `Release year must be between ${MIN_RELEASE_YEAR} and ${maxYear}`;
}

function songText(what: string, required: string, tooLong: string) {
  return plainText(what, { error: required })
    .trim()
    .min(1, required)
    .max(MAX_SONG_TEXT_LENGTH, tooLong);
}

const titleField = songText('Title', songFormMessages.titleRequired, songFormMessages.titleTooLong);
const artistField = songText(
  'Artist',
  songFormMessages.artistRequired,
  songFormMessages.artistTooLong,
);
const albumField = plainText('Album', { error: songFormMessages.albumTooLong })
  .trim()
  .max(MAX_SONG_TEXT_LENGTH, songFormMessages.albumTooLong);

const genreChoice = z.enum(GENRES, { error: songFormMessages.genreInvalid });
/** One of the seven genres, whatever its letter case. */
const genreText = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  genreChoice,
);

/** The year is checked against the current year at the time of the check, not of loading. */
const releaseYearNumber = z
  .number({ error: () => releaseYearMessage() })
  .superRefine((year, context) => {
    const maxYear = currentYear();
    if (!Number.isInteger(year) || year < MIN_RELEASE_YEAR || year > maxYear) {
      context.addIssue({ code: 'custom', message: releaseYearMessage(maxYear) });
    }
  });

const durationNumber = z
  .number({ error: songFormMessages.durationTooShort })
  .min(1, songFormMessages.durationTooShort)
  .max(MAX_DURATION_SECONDS, songFormMessages.durationTooLong);

/** The web's Add/Edit Song dialog (docs/product.md §5); its files are handled beside it. */
export const songFormSchema = z.object({
  title: titleField,
  artist: artistField,
  album: albumField,
  genre: genreChoice,
  releaseYear: releaseYearNumber,
  duration: durationNumber,
});
export type SongForm = z.infer<typeof songFormSchema>;

const blankAsUnset = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;
const numberText = (value: unknown) => {
  const unset = blankAsUnset(value);
  return typeof unset === 'string' ? Number(unset) : unset;
};

/**
 * The text fields of POST/PUT /api/admin/songs (multipart, or the same as JSON). A field left
 * empty is unset: the server fills it from the audio file's tags, or keeps the song's current
 * value. A duration below 1 (the form's default is 0) means "measure it from the file".
 */
export const songFieldsSchema = z.object({
  title: z.preprocess(blankAsUnset, titleField.optional()),
  artist: z.preprocess(blankAsUnset, artistField.optional()),
  album: z.preprocess(blankAsUnset, albumField.optional()),
  genre: z.preprocess(blankAsUnset, genreText.optional()),
  releaseYear: z.preprocess(numberText, releaseYearNumber.optional()),
  duration: z.preprocess(
    numberText,
    z
      .number({ error: songFormMessages.durationTooShort })
      .min(0, songFormMessages.durationTooShort)
      .max(MAX_DURATION_SECONDS, songFormMessages.durationTooLong)
      .transform((seconds) => (seconds >= 1 ? Math.round(seconds) : undefined))
      .optional(),
  ),
});
export type SongFields = z.infer<typeof songFieldsSchema>;

/** POST /api/admin/songs/inspect: what the form would be filled with from an audio file alone. */
export const songFileDetailsSchema = z.object({
  title: z.string().nullable(),
  artist: z.string().nullable(),
  album: z.string().nullable(),
  genre: genreSchema.nullable(),
  releaseYear: z.number().int().nullable(),
  duration: z.number().int().nullable(),
  /**
   * A small preview of the embedded cover art (at most 300 pixels a side) as a data URL
   * (`data:image/webp;base64,…`), or null.
   */
  coverImage: z.string().nullable(),
  /** Why the file's embedded picture is not previewed (it was too large to read), or null. */
  coverNote: z.string().nullable(),
});
export type SongFileDetails = z.infer<typeof songFileDetailsSchema>;
