import { z } from 'zod';
import { albumSchema, artistSchema } from './catalogue';
import { genreSchema, songSchema } from './songs';

/** One of the seven genres that has songs, and how many (a row of Home). */
export const genreCountSchema = z.object({ genre: genreSchema, songCount: z.number().int() });
export type GenreCount = z.infer<typeof genreCountSchema>;

/** An artist the caller plays, with how often they played songs by them. */
export const playedArtistSchema = artistSchema.extend({ playCount: z.number().int() });
export type PlayedArtist = z.infer<typeof playedArtistSchema>;

/** A genre's row on Home: its newest songs, and how many it has in all. */
export const genreRowSchema = genreCountSchema.extend({ songs: z.array(songSchema) });
export type GenreRow = z.infer<typeof genreRowSchema>;

/** The most cards one Home row holds; "Show all" opens the whole list. */
export const HOME_ROW_SIZE = 12;

/**
 * `GET /api/user/home`: what the rows of Home show after Recently Played and Popular Songs —
 * the newest albums, the artists the caller plays most, and each genre that has songs.
 */
export const homeRowsSchema = z.object({
  newAlbums: z.array(albumSchema),
  topArtists: z.array(playedArtistSchema),
  genres: z.array(genreRowSchema),
});
export type HomeRows = z.infer<typeof homeRowsSchema>;
