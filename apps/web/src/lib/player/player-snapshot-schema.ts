import { radioSeedSchema } from '@cadenza/contract/radio';
import { songSchema } from '@cadenza/contract/songs';
import { z } from 'zod';

/** Where the queue's songs after Next up come from (lib/player/queue.ts `QueueSource`). */
const queueSourceSchema = z.object({
  kind: z.enum(['album', 'playlist', 'artist', 'search', 'list', 'radio']),
  label: z.string(),
  path: z.string(),
  seed: radioSeedSchema.optional(),
});

/**
 * What the player keeps in localStorage. In a module of its own: player-persistence loads it
 * (and zod) only when there is a stored snapshot to check. Snapshots written before Next up,
 * sources and history existed lack those fields and still read: none of either, no history.
 */
export const playerSnapshotSchema = z.object({
  queue: z.array(songSchema),
  shuffle: z.boolean(),
  repeat: z.boolean(),
  volume: z.number(),
  muted: z.boolean(),
  /** Seconds into the head of the queue. */
  position: z.number().nonnegative(),
  /** How many songs after the head are the listener's Next up. */
  nextUpCount: z.number().int().nonnegative().optional(),
  source: queueSourceSchema.nullable().optional(),
  /** What played in the session, oldest first. */
  history: z.array(songSchema).optional(),
});
export type PlayerSnapshot = z.infer<typeof playerSnapshotSchema>;
