import { z } from 'zod';
import { MAX_SAVED_QUEUE_SONGS } from './limits';
import { songSchema } from './songs';
import { idField, plainText } from './validation';

export { MAX_SAVED_QUEUE_SONGS };
export const MAX_DEVICE_NAME_LENGTH = 100;

export const playQueueMessages = {
  songId: 'Each song id must be a UUID',
  tooLong: `A saved queue holds at most ${MAX_SAVED_QUEUE_SONGS} songs`,
  currentNotQueued: 'The current song must be one of the queue’s songs',
  currentIndex: 'The current index must be the place of the current song in the queue',
  position: 'The position must be a whole number of milliseconds, 0 or more',
  deviceTooLong: `The device's name must be at most ${MAX_DEVICE_NAME_LENGTH} characters`,
} as const;

const m = playQueueMessages;

/** PUT /api/user/play-queue: the queue in play order, the current song and how far into it. */
export const savePlayQueueBodySchema = z
  .object({
    songIds: z.array(idField(m.songId)).max(MAX_SAVED_QUEUE_SONGS, m.tooLong),
    currentSongId: idField(m.songId).nullable(),
    /**
     * Which entry is current when the queue holds its song more than once (0-based); the first
     * entry of the current song when absent.
     */
    currentIndex: z
      .number({ error: m.currentIndex })
      .int(m.currentIndex)
      .min(0, m.currentIndex)
      .optional(),
    positionMs: z.number({ error: m.position }).int(m.position).min(0, m.position),
    /** The device as the listener will recognise it; the User-Agent's when absent. */
    device: plainText('Device')
      .trim()
      .min(1)
      .max(MAX_DEVICE_NAME_LENGTH, m.deviceTooLong)
      .optional(),
  })
  .refine((body) => body.currentSongId === null || body.songIds.includes(body.currentSongId), {
    message: m.currentNotQueued,
    path: ['currentSongId'],
  })
  .refine(
    (body) =>
      body.currentIndex === undefined ||
      (body.currentSongId !== null && body.songIds[body.currentIndex] === body.currentSongId),
    { message: m.currentIndex, path: ['currentIndex'] },
  );
export type SavePlayQueueBody = z.infer<typeof savePlayQueueBodySchema>;

/** When and where the saved queue last changed. */
export const playQueueStampSchema = z.object({
  /** ISO-8601 UTC. */
  changedAt: z.string(),
  /** The device or app that saved it ("Chrome on Linux", an app's name). */
  changedBy: z.string(),
});
export type PlayQueueStamp = z.infer<typeof playQueueStampSchema>;

/**
 * The queue saved for the listener, by the web or by an app: its songs that still exist in play
 * order (with signed audio URLs, like every song list), the current one and the position in it.
 */
export const playQueueSchema = playQueueStampSchema.extend({
  songs: z.array(songSchema),
  currentSongId: z.string().nullable(),
  /**
   * The current entry's place in `songs` (0-based), which tells two entries of one song apart;
   * when the current song was deleted, the place of the entry that followed it. Null when none.
   */
  currentIndex: z.number().nullable(),
  positionMs: z.number(),
});
export type PlayQueue = z.infer<typeof playQueueSchema>;
