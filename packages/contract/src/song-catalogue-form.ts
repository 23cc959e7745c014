import { z } from 'zod';
import { ARTIST_ROLES, type ArtistRole } from './artist-credit';
import { lyricsMessages, MAX_LYRICS_BYTES } from './lyrics';
import { MAX_SONG_TEXT_LENGTH } from './song-form';
import { tagGenreListSchema } from './tag-genres';
import { plainText, text } from './validation';

/**
 * The catalogue part of the admin's song edit (`PUT /api/admin/songs/{id}`): track and disc
 * numbers, the artists with their roles, the genres as tagged and the lyrics. A field not sent
 * keeps the song's value; each one sent and different is noted as set by hand (`edited_fields`),
 * which a scan of the song's unchanged file leaves be and one of its changed file replaces.
 */

export const MAX_TRACK_NUMBER = 999;
export const MAX_DISC_NUMBER = 99;
/** The most artists one song credits. */
export const MAX_SONG_ARTISTS = 20;

export const songCatalogueMessages = {
  trackNumber: `Track number must be a whole number from 1 to ${MAX_TRACK_NUMBER}`,
  discNumber: `Disc number must be a whole number from 1 to ${MAX_DISC_NUMBER}`,
  artistNameRequired: 'Each artist needs a name',
  artistNameTooLong: `Artist names must be at most ${MAX_SONG_TEXT_LENGTH} characters`,
  artistRoleInvalid: `An artist's role must be one of ${ARTIST_ROLES.join(', ')}`,
  mainArtistRequired: 'At least one main artist is required',
  tooManyArtists: `A song can credit at most ${MAX_SONG_ARTISTS} artists`,
  artistsInvalid: 'Artists must be a list of names, each with the role main or featured',
  genresInvalid: 'Genres must be a list of names',
} as const;

/** The fields of a song an administrator may set by hand, as `edited_fields` names them. */
export const EDITABLE_SONG_FIELDS = [
  'title',
  'artist',
  'album',
  'genre',
  'releaseYear',
  'duration',
  'cover',
  'trackNumber',
  'discNumber',
  'artists',
  'genres',
  'lyrics',
] as const;
export type EditableSongField = (typeof EDITABLE_SONG_FIELDS)[number];

/** One artist a song credits, as the admin sets them. */
export const songCreditSchema = z.object({
  name: plainText('Artist', { error: songCatalogueMessages.artistNameRequired })
    .trim()
    .min(1, songCatalogueMessages.artistNameRequired)
    .max(MAX_SONG_TEXT_LENGTH, songCatalogueMessages.artistNameTooLong),
  role: z.enum(ARTIST_ROLES, { error: songCatalogueMessages.artistRoleInvalid }),
});
export interface SongCredit {
  readonly name: string;
  readonly role: ArtistRole;
}

/** A song's artists in credit order: at least one main artist. */
export const songCreditListSchema = z
  .array(songCreditSchema, { error: songCatalogueMessages.artistsInvalid })
  .max(MAX_SONG_ARTISTS, songCatalogueMessages.tooManyArtists)
  .refine((credits) => credits.some((credit) => credit.role === 'main'), {
    message: songCatalogueMessages.mainArtistRequired,
  });

/** The bytes of a text in UTF-8 (a lone surrogate as the three of U+FFFD). */
function utf8Length(value: string): number {
  let bytes = 0;
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** A multipart field left empty is unset: the song keeps its value. */
const blankAsUnset = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** A list sent as one field holding JSON (multipart), or as itself (JSON). */
const jsonList = (value: unknown) => {
  const unset = blankAsUnset(value);
  if (typeof unset !== 'string') return unset;
  try {
    return JSON.parse(unset) as unknown;
  } catch {
    return unset;
  }
};

/** Genres as a multipart form sends them: one field holding a JSON array, or repeated fields. */
const genreList = (value: unknown) => {
  if (Array.isArray(value)) return value as unknown[];
  const unset = blankAsUnset(value);
  return typeof unset === 'string' && !unset.trim().startsWith('[') ? [unset] : jsonList(unset);
};

const wholeNumber = (max: number, message: string) =>
  z.preprocess(
    (value) => {
      const unset = blankAsUnset(value);
      return typeof unset === 'string' ? Number(unset) : unset;
    },
    z.number({ error: message }).int(message).min(1, message).max(max, message).optional(),
  );

/**
 * The catalogue fields of the song edit, multipart or JSON. `lyrics` is LRC or plain text; sent
 * empty, it removes every lyrics of the song.
 */
export const songCatalogueFieldsSchema = z.object({
  trackNumber: wholeNumber(MAX_TRACK_NUMBER, songCatalogueMessages.trackNumber),
  discNumber: wholeNumber(MAX_DISC_NUMBER, songCatalogueMessages.discNumber),
  artists: z.preprocess(jsonList, songCreditListSchema.optional()),
  genres: z.preprocess(
    genreList,
    z
      .array(z.unknown(), { error: songCatalogueMessages.genresInvalid })
      .pipe(tagGenreListSchema)
      .optional(),
  ),
  lyrics: text('Lyrics')
    .refine((lyrics) => utf8Length(lyrics) <= MAX_LYRICS_BYTES, lyricsMessages.tooLarge)
    .optional(),
});
export type SongCatalogueFields = z.infer<typeof songCatalogueFieldsSchema>;
