import { z } from 'zod';
import { idField } from './validation';
import { songSchema } from './songs';

/**
 * Radio: an endless queue of songs related to a seed, drawn from the library (docs/product.md,
 * "Radio and mixes"). The server keeps no station: each call names the seed and the songs the
 * listener heard last, and answers the next songs.
 */

export const radioSeedKinds = ['song', 'album', 'artist', 'genre', 'playlist'] as const;
export type RadioSeedKind = (typeof radioSeedKinds)[number];

/** No song comes back while it is among this many songs heard last. */
export const RADIO_NO_REPEAT = 50;
/** The most songs one call answers, and how many when the call does not say. */
export const MAX_RADIO_BATCH = 50;
export const DEFAULT_RADIO_BATCH = 20;

export const radioSeedSchema = z.object({
  kind: z.enum(radioSeedKinds, { error: `kind must be one of ${radioSeedKinds.join(', ')}` }),
  id: idField('id must be a UUID'),
});
export type RadioSeed = z.infer<typeof radioSeedSchema>;

export const radioRequestSchema = z.object({
  seed: radioSeedSchema,
  /** The songs heard or queued last, the latest last; only the last `RADIO_NO_REPEAT` count. */
  recent: z
    .array(idField('recent must hold song ids'))
    .max(4 * RADIO_NO_REPEAT, `recent holds at most ${4 * RADIO_NO_REPEAT} songs`)
    .default([]),
  count: z
    .number({ error: 'count must be a number' })
    .int('count must be a whole number')
    .min(1, 'count must be at least 1')
    .max(MAX_RADIO_BATCH, `count must be at most ${MAX_RADIO_BATCH}`)
    .default(DEFAULT_RADIO_BATCH),
});
export type RadioRequest = z.input<typeof radioRequestSchema>;

/** A station's next songs, and what it is called ("Lia Park Radio"). */
export const radioBatchSchema = z.object({
  title: z.string(),
  seed: radioSeedSchema,
  songs: z.array(songSchema),
});
export type RadioBatch = z.infer<typeof radioBatchSchema>;

/** A mix on Home: a station from what the listener plays most, with a few of its songs to show. */
export const mixSchema = z.object({
  title: z.string(),
  description: z.string(),
  seed: radioSeedSchema,
  coverUrl: z.string().nullable(),
});
export type Mix = z.infer<typeof mixSchema>;

export const mixListSchema = z.object({ mixes: z.array(mixSchema) });
export type MixList = z.infer<typeof mixListSchema>;
