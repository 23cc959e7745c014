import { z } from 'zod';
import { webAddress } from './validation';

export const MAX_FEED_URL_LENGTH = 2000;
/** The most of a podcast's newest episodes downloaded by themselves. */
export const MAX_AUTO_DOWNLOAD = 20;
/** The furthest place saved in an episode: a week of audio. */
export const MAX_EPISODE_POSITION_SECONDS = 7 * 24 * 3600;

export const podcastMessages = {
  feedUrl: 'The feed URL must be an http:// or https:// address',
  autoDownload: `Automatic downloads must be a whole number from 0 to ${MAX_AUTO_DOWNLOAD}`,
  position: 'Position must be a whole number of seconds, at least 0',
  alreadySubscribed: 'This feed is subscribed already',
  feedRefused: (reason: string) => `The feed could not be read: ${reason}`,
  notFound: 'Podcast not found',
  episodeNotFound: 'Episode not found',
  notDownloaded: 'This episode has not been downloaded yet',
  deleted: 'Podcast deleted',
  fileDeleted: 'Episode file deleted',
  downloadStarted: 'Download started',
  refreshStarted: 'Refreshing every podcast',
  progressSaved: 'Progress saved',
} as const;

const m = podcastMessages;

const autoDownload = z
  .number({ error: m.autoDownload })
  .int(m.autoDownload)
  .min(0, m.autoDownload)
  .max(MAX_AUTO_DOWNLOAD, m.autoDownload);

/** POST /api/admin/podcasts: subscribe to a feed. */
export const subscribeBodySchema = z.object({
  url: webAddress(m.feedUrl, MAX_FEED_URL_LENGTH),
  autoDownload: autoDownload.optional(),
});
export type SubscribeBody = z.infer<typeof subscribeBodySchema>;

/** PATCH /api/admin/podcasts/:id. */
export const updatePodcastBodySchema = z.object({ autoDownload });
export type UpdatePodcastBody = z.infer<typeof updatePodcastBodySchema>;

/** PUT /api/user/podcast-episodes/:id/progress. */
export const episodeProgressBodySchema = z.object({
  positionSeconds: z
    .number({ error: m.position })
    .int(m.position)
    .min(0, m.position)
    .max(MAX_EPISODE_POSITION_SECONDS, m.position),
});
export type EpisodeProgressBody = z.infer<typeof episodeProgressBodySchema>;

export const EPISODE_STATUSES = ['new', 'downloading', 'completed', 'error', 'deleted'] as const;
export type EpisodeStatus = (typeof EPISODE_STATUSES)[number];

/** An episode, with the caller's place in it. `audioUrl` once it is downloaded. */
export const podcastEpisodeSchema = z.object({
  _id: z.string(),
  podcastId: z.string(),
  title: z.string(),
  /** Show notes as plain text. */
  description: z.string(),
  publishedAt: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  status: z.enum(EPISODE_STATUSES),
  errorMessage: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  audioUrl: z.string().nullable(),
  positionSeconds: z.number(),
});
export type PodcastEpisode = z.infer<typeof podcastEpisodeSchema>;

/** A subscribed feed. `errorMessage` says why its last refresh failed. */
export const podcastSchema = z.object({
  _id: z.string(),
  feedUrl: z.string(),
  title: z.string(),
  description: z.string(),
  coverUrl: z.string(),
  homepageUrl: z.string().nullable(),
  autoDownload: z.number(),
  errorMessage: z.string().nullable(),
  refreshedAt: z.string().nullable(),
  episodeCount: z.number(),
  createdAt: z.string(),
});
export type Podcast = z.infer<typeof podcastSchema>;

/** A podcast's page: the feed and its episodes, newest first. */
export const podcastPageSchema = podcastSchema.extend({ episodes: z.array(podcastEpisodeSchema) });
export type PodcastPage = z.infer<typeof podcastPageSchema>;
