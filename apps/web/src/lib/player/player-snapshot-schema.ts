import { songSchema } from '@cadenza/contract/songs';
import { z } from 'zod';

/**
 * What the player keeps in localStorage. In a module of its own: player-persistence loads it
 * (and zod) only when there is a stored snapshot to check.
 */
export const playerSnapshotSchema = z.object({
  queue: z.array(songSchema),
  shuffle: z.boolean(),
  repeat: z.boolean(),
  volume: z.number(),
  muted: z.boolean(),
  /** Seconds into the head of the queue. */
  position: z.number().nonnegative(),
});
export type PlayerSnapshot = z.infer<typeof playerSnapshotSchema>;
