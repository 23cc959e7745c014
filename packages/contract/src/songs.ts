import { z } from 'zod';
import { ARTIST_ROLES } from './artist-credit';
import { pageQuerySchema, pageResponse } from './paging';
import { songGenreSchema } from './tag-genres';

export const GENRES = [
  'pop',
  'rock',
  'hip-hop',
  'jazz',
  'classical',
  'electronic',
  'other',
] as const;
export const genreSchema = z.enum(GENRES);
export type Genre = z.infer<typeof genreSchema>;
export const GENRE_MESSAGE = `genre must be one of ${GENRES.join(', ')}`;

/** `GET /api/user/songs?genre=&limit=&cursor=`: every song, or only those of one genre. */
export const songListQuerySchema = pageQuerySchema.extend({
  genre: z.enum(GENRES, { error: GENRE_MESSAGE }).optional(),
});
export type SongListQuery = z.input<typeof songListQuerySchema>;

/** An artist as a song credits them: as one of its main artists or as featured. */
export const songArtistSchema = z.object({
  _id: z.string(),
  name: z.string(),
  role: z.enum(ARTIST_ROLES),
});
export type SongArtist = z.infer<typeof songArtistSchema>;

/** A song's ReplayGain tags: gains in dB, peaks as linear sample values (1 = full scale). */
export const replayGainSchema = z.object({
  trackGain: z.number().nullable(),
  trackPeak: z.number().nullable(),
  albumGain: z.number().nullable(),
  albumPeak: z.number().nullable(),
});
export type ReplayGain = z.infer<typeof replayGainSchema>;

/** Song JSON (docs/architecture.md §5): cover and audio are URLs a browser loads without headers. */
export const songSchema = z.object({
  _id: z.string(),
  title: z.string(),
  artist: z.string(),
  album: z.string().nullable(),
  genre: genreSchema,
  releaseYear: z.number().int().nullable(),
  duration: z.number(),
  coverImage: z.string(),
  audioFile: z.string(),
  createdAt: z.string(),
  /** The album it is a track of; a song without an album text is a single (an album of one). */
  albumId: z.string().nullable(),
  /** Main artists first, then featured ones, in credit order. */
  artists: z.array(songArtistSchema),
  /** The artists as every screen credits them (`creditText`, artist-credit.ts). */
  displayArtist: z.string(),
  trackNumber: z.number().int().nullable(),
  discNumber: z.number().int().nullable(),
  /** The exact length in milliseconds (`duration` is whole seconds). */
  durationMs: z.number().int(),
  /** Loudness read from the file's ReplayGain tags (dB and linear peak); null where untagged. */
  replayGain: replayGainSchema,
  /** Its tag genres as written, in order; `genre` stays the one of the seven it is filed under. */
  genres: z.array(songGenreSchema),
});
export type Song = z.infer<typeof songSchema>;

/** What "Remove demo songs" removed: how many songs of the bundled demo library. */
export const removedDemoSongsSchema = z.object({ removed: z.number().int().nonnegative() });
export type RemovedDemoSongs = z.infer<typeof removedDemoSongsSchema>;

/** The message of "Remove demo songs": "Removed 32 demo songs." */
export function removedDemoSongsMessage(removed: number): string {
  if (removed === 0) return 'There were no demo songs to remove.';
  return `Removed ${removed} demo ${removed === 1 ? 'song' : 'songs'}.`;
}

/** A page of songs, newest first. */
export const songPageSchema = pageResponse(songSchema);
export type SongPage = z.infer<typeof songPageSchema>;

/**
 * A song as a visitor sees it (GET /api/general/songs): everything but a playable audio URL,
 * which would play without a login. Listeners get songs with audio from their own routes.
 */
export const publicSongSchema = songSchema.extend({ audioFile: z.null() });
export type PublicSong = z.infer<typeof publicSongSchema>;
export const publicSongPageSchema = pageResponse(publicSongSchema);
export type PublicSongPage = z.infer<typeof publicSongPageSchema>;

/** One entry of GET /api/user/songs/recently-played: a song and when the caller last played it. */
export const recentlyPlayedEntrySchema = z.object({ song: songSchema, playedAt: z.string() });
export type RecentlyPlayedEntry = z.infer<typeof recentlyPlayedEntrySchema>;

export const likeToggleResponseSchema = z.object({ success: z.literal(true), liked: z.boolean() });
export type LikeToggleResponse = z.infer<typeof likeToggleResponseSchema>;

export const saveToggleResponseSchema = z.object({ success: z.literal(true), saved: z.boolean() });
export type SaveToggleResponse = z.infer<typeof saveToggleResponseSchema>;

/**
 * GET /api/user/songs/marks: the ids of every song the caller liked and saved, newest mark first.
 * Ids only, so that a client can show a song's heart and library mark wherever it lists songs
 * without the songs themselves.
 */
export const songMarksSchema = z.object({
  liked: z.array(z.string()),
  saved: z.array(z.string()),
});
export type SongMarks = z.infer<typeof songMarksSchema>;

/** Recently played keeps one entry per song and at most this many. */
export const RECENTLY_PLAYED_MAX = 50;
const RECENT_LIMIT_MESSAGE = `limit must be a whole number from 1 to ${RECENTLY_PLAYED_MAX}`;
export const recentlyPlayedQuerySchema = z.object({
  limit: z.coerce
    .number({ error: RECENT_LIMIT_MESSAGE })
    .int(RECENT_LIMIT_MESSAGE)
    .min(1, RECENT_LIMIT_MESSAGE)
    .max(RECENTLY_PLAYED_MAX, RECENT_LIMIT_MESSAGE)
    .optional(),
});
export type RecentlyPlayedQuery = z.input<typeof recentlyPlayedQuerySchema>;
