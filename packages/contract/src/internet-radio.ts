import { z } from 'zod';
import { plainText, webAddress } from './validation';

export const MAX_STATION_NAME_LENGTH = 100;
export const MAX_STATION_URL_LENGTH = 2000;

export const stationMessages = {
  nameRequired: 'Station name is required',
  nameTooLong: `Station name must be at most ${MAX_STATION_NAME_LENGTH} characters`,
  streamUrl: 'The stream URL must be an http:// or https:// address',
  homepageUrl: 'The home page must be an http:// or https:// address',
  notFound: 'Radio station not found',
  deleted: 'Radio station deleted',
  unreachable: (reason: string) => `The station could not be reached: ${reason}`,
  busy: 'Too many radio listeners on this server right now. Try again in a minute.',
} as const;

const m = stationMessages;

/** POST /api/admin/radio-stations; PATCH takes any of its fields. */
export const stationBodySchema = z.object({
  name: plainText('Station name', { error: m.nameRequired })
    .trim()
    .min(1, m.nameRequired)
    .max(MAX_STATION_NAME_LENGTH, m.nameTooLong),
  streamUrl: webAddress(m.streamUrl, MAX_STATION_URL_LENGTH),
  homepageUrl: webAddress(m.homepageUrl, MAX_STATION_URL_LENGTH).nullable().optional(),
});
export type StationBody = z.infer<typeof stationBodySchema>;

export const updateStationBodySchema = stationBodySchema.partial();
export type UpdateStationBody = z.infer<typeof updateStationBodySchema>;

/** An internet radio station: a live stream, played by its address. */
export const stationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  streamUrl: z.string(),
  homepageUrl: z.string().nullable(),
  /** Where the web player listens: the server relays the stream (signed, expiring). */
  listenUrl: z.string(),
  createdAt: z.string(),
});
export type Station = z.infer<typeof stationSchema>;
