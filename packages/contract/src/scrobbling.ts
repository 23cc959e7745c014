import { z } from 'zod';
import { idField, plainText } from './validation';

/** The services listens are scrobbled to. */
export const SCROBBLING_SERVICES = ['listenbrainz', 'lastfm'] as const;
export type ScrobbleTarget = (typeof SCROBBLING_SERVICES)[number];

export {
  LONGEST_LISTEN_NEEDED_SECONDS,
  SHORTEST_SCROBBLED_SECONDS,
  secondsBeforeScrobbling,
} from './scrobble-rule';

export const scrobblingMessages = {
  token: 'Enter your ListenBrainz user token',
  tokenTooLong: 'A ListenBrainz token is at most 200 characters',
  songId: 'songId must be a song id',
  startedAt: 'startedAt must be an ISO-8601 date and time',
  listenedSeconds: 'listenedSeconds must be a number of seconds from 0 up',
  apiKey: 'A Last.fm API key is at most 100 characters',
  secret: 'A Last.fm shared secret is at most 100 characters',
} as const;

/** One service's link, as the listener's account page shows it. */
export const scrobblingLinkSchema = z.object({
  /** The name of the listener's account there; null while not connected. */
  userName: z.string().nullable(),
  /** The service refused the token or session: the listener must connect again. */
  needsReconnect: z.boolean(),
  /** Listens kept for this service, not yet taken by it. */
  waiting: z.number().int(),
});
export type ScrobblingLink = z.infer<typeof scrobblingLinkSchema>;

export const scrobblingStatusSchema = z.object({
  listenBrainz: scrobblingLinkSchema,
  lastFm: scrobblingLinkSchema,
  /** Whether the administrator has set Last.fm's API key and secret. */
  lastFmAvailable: z.boolean(),
});
export type ScrobblingStatus = z.infer<typeof scrobblingStatusSchema>;

export const connectListenBrainzBodySchema = z.object({
  token: plainText('token', { error: scrobblingMessages.token })
    .trim()
    .min(1, scrobblingMessages.token)
    .max(200, scrobblingMessages.tokenTooLong),
});
export type ConnectListenBrainzBody = z.infer<typeof connectListenBrainzBodySchema>;

/** Where the listener allows Cadenza to scrobble to their Last.fm account. */
export const lastFmAuthorizationSchema = z.object({ authUrl: z.string() });
export type LastFmAuthorization = z.infer<typeof lastFmAuthorizationSchema>;

/** The web player's word that a song has been heard long enough to count as a listen. */
export const listenBodySchema = z.object({
  songId: idField(scrobblingMessages.songId),
  /** When the song started playing. */
  startedAt: z.iso.datetime({ offset: true, error: scrobblingMessages.startedAt }),
  /** How many seconds of it have been heard (seeking ahead counts for nothing). */
  listenedSeconds: z.number({ error: scrobblingMessages.listenedSeconds }).min(0).max(86_400),
});
export type ListenBody = z.infer<typeof listenBodySchema>;

export const listenAnswerSchema = z.object({
  /** How many services the listen was queued for (0 when none is connected or it was too short). */
  queued: z.number().int(),
});
export type ListenAnswer = z.infer<typeof listenAnswerSchema>;

/** The administrator's Last.fm application; the secret is never sent back, only whether it is set. */
export const lastFmSettingsSchema = z.object({
  apiKey: z.string().nullable(),
  secretSet: z.boolean(),
});
export type LastFmSettings = z.infer<typeof lastFmSettingsSchema>;

/** An empty API key forgets the application; a secret left out stays as it was. */
export const lastFmSettingsBodySchema = z.object({
  apiKey: plainText('apiKey').trim().max(100, scrobblingMessages.apiKey),
  secret: plainText('secret').trim().max(100, scrobblingMessages.secret).optional(),
});
export type LastFmSettingsBody = z.infer<typeof lastFmSettingsBodySchema>;
