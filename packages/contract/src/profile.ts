import { z } from 'zod';
import { userSchema } from './auth';
import { songSchema } from './songs';

/** GET /api/user/profile: the account plus the songs it liked and saved. */
export const profileSchema = userSchema.extend({
  likedSongs: z.array(songSchema),
  savedSongs: z.array(songSchema),
});
export type Profile = z.infer<typeof profileSchema>;
