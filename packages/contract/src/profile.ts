import { z } from 'zod';
import { userSchema } from './auth';
import { songSchema } from './songs';

/**
 * How many liked and how many saved songs the profile carries: the newest of each, as the first
 * page of GET /api/user/songs/liked and /saved. The whole lists are read there, a page at a time,
 * and which songs the caller marked from GET /api/user/songs/marks (decision 050).
 */
export const PROFILE_SONGS_CAP = 50;

/**
 * GET /api/user/profile: the account plus the songs it liked and saved, newest mark first, at
 * most `PROFILE_SONGS_CAP` of each.
 */
export const profileSchema = userSchema.extend({
  likedSongs: z.array(songSchema),
  savedSongs: z.array(songSchema),
});
export type Profile = z.infer<typeof profileSchema>;
