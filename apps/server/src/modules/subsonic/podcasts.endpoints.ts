import { podcastMessages, subscribeBodySchema } from '@cadenza/contract/podcasts';
import type { EpisodeRecord, ChannelRecord } from '../podcasts/podcasts.repository';
import type { PodcastsService } from '../podcasts/podcasts.service';
import { extensionOfType } from '../delivery/media-types';
import { forAdmins, forListeners, OK, type SubsonicEndpoints } from './subsonic-endpoint';
import { coverArtId, parseId, subsonicId } from './subsonic-ids';
import { SubsonicCode, SubsonicError, type SubsonicNode } from './subsonic-response';

export interface PodcastsDeps {
  readonly podcasts: PodcastsService;
}

/** `getNewestPodcasts`' default and largest count. */
const NEWEST_DEFAULT = 20;
const NEWEST_MAX = 500;

/** An episode as a Child: streamable by its own id once downloaded. */
export function presentEpisode(
  episode: EpisodeRecord,
  podcast: ChannelRecord | null,
): SubsonicNode {
  const id = subsonicId('episode', episode.id);
  const downloaded = episode.status === 'completed' && episode.audioMime !== null;
  return {
    id,
    ...(downloaded ? { streamId: id } : {}),
    channelId: subsonicId('podcast', episode.channelId),
    parent: subsonicId('podcast', episode.channelId),
    isDir: false,
    title: episode.title,
    album: podcast?.title,
    description: episode.description,
    status: episode.status,
    publishDate: episode.publishedAt ?? undefined,
    year: episode.publishedAt ? Number(episode.publishedAt.slice(0, 4)) : undefined,
    genre: 'Podcast',
    coverArt: podcast?.coverKey ? coverArtId(podcast.coverKey) : undefined,
    duration: episode.durationSeconds ?? undefined,
    size: episode.audioBytes ?? episode.enclosureBytes ?? undefined,
    contentType: episode.audioMime ?? episode.enclosureType ?? undefined,
    suffix: episode.audioMime ? (extensionOfType(episode.audioMime) ?? undefined) : undefined,
    isVideo: false,
    type: 'podcast',
  };
}

function presentChannel(podcast: ChannelRecord, episodes?: readonly EpisodeRecord[]): SubsonicNode {
  return {
    id: subsonicId('podcast', podcast.id),
    url: podcast.feedUrl,
    title: podcast.title,
    description: podcast.description,
    coverArt: podcast.coverKey ? coverArtId(podcast.coverKey) : undefined,
    originalImageUrl: podcast.imageUrl ?? undefined,
    status: podcast.errorMessage ? 'error' : 'completed',
    errorMessage: podcast.errorMessage ?? undefined,
    ...(episodes ? { episode: episodes.map((episode) => presentEpisode(episode, podcast)) } : {}),
  };
}

/**
 * Subsonic's podcasts: the ones an administrator subscribed to on the web, or here (podcast
 * management is for administrators, Subsonic's podcast role). Episodes stream by their own id.
 */
export function podcastsEndpoints({ podcasts }: PodcastsDeps): SubsonicEndpoints {
  return {
    getPodcasts: forListeners(async ({ params }) => {
      const includeEpisodes = params.bool('includeEpisodes', true);
      const only = params.get('id');
      const channels =
        only === undefined
          ? await podcasts.list()
          : [await podcasts.find(parseId('podcast', only))];
      const channel = [];
      for (const podcast of channels) {
        const episodes = includeEpisodes ? await podcasts.episodesOf(podcast.id) : undefined;
        channel.push(presentChannel(podcast, episodes));
      }
      return { podcasts: { channel } };
    }),

    getNewestPodcasts: forListeners(async ({ params }) => {
      const count = params.optionalInt('count', 0, NEWEST_MAX) ?? NEWEST_DEFAULT;
      const episodes = await podcasts.newest(count);
      const channels = new Map((await podcasts.list()).map((podcast) => [podcast.id, podcast]));
      return {
        newestPodcasts: {
          episode: episodes.map((episode) =>
            presentEpisode(episode, channels.get(episode.channelId) ?? null),
          ),
        },
      };
    }),

    getPodcastEpisode: forListeners(async ({ params }) => {
      const episode = await podcasts.episode(parseId('episode', params.required('id')));
      return { podcastEpisode: presentEpisode(episode, await podcasts.find(episode.channelId)) };
    }),

    refreshPodcasts: forAdmins(() => {
      podcasts.startRefresh();
      return Promise.resolve(OK);
    }),

    createPodcastChannel: forAdmins(async ({ params }) => {
      // The web's schema, so that an address is refused here for the same reason as there.
      const body = subscribeBodySchema.safeParse({ url: params.required('url') });
      if (!body.success) {
        throw new SubsonicError(SubsonicCode.generic, podcastMessages.feedUrl);
      }
      await podcasts.subscribe(body.data);
      return OK;
    }),

    deletePodcastChannel: forAdmins(async ({ params }) => {
      await podcasts.remove(parseId('podcast', params.required('id')));
      return OK;
    }),

    downloadPodcastEpisode: forAdmins(async ({ params }) => {
      await podcasts.download(parseId('episode', params.required('id')));
      return OK;
    }),

    deletePodcastEpisode: forAdmins(async ({ params }) => {
      await podcasts.deleteFile(parseId('episode', params.required('id')));
      return OK;
    }),
  };
}
