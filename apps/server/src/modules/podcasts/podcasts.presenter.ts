import type { Podcast, PodcastEpisode, PodcastPage } from '@cadenza/contract/podcasts';
import type { MediaUrls } from '../delivery/media-urls';
import type { ChannelRecord, EpisodeRecord } from './podcasts.repository';
import type { PodcastPageRecord } from './podcasts.service';

export function presentPodcast(podcast: ChannelRecord, urls: MediaUrls): Podcast {
  return {
    _id: podcast.id,
    feedUrl: podcast.feedUrl,
    title: podcast.title,
    description: podcast.description,
    coverUrl: urls.image(podcast.coverKey, 'cover'),
    homepageUrl: podcast.homepageUrl,
    autoDownload: podcast.autoDownload,
    errorMessage: podcast.errorMessage,
    refreshedAt: podcast.refreshedAt,
    episodeCount: podcast.episodeCount,
    createdAt: podcast.createdAt,
  };
}

export function presentEpisode(
  episode: EpisodeRecord,
  urls: MediaUrls,
  positionSeconds: number,
  now: number,
): PodcastEpisode {
  return {
    _id: episode.id,
    podcastId: episode.channelId,
    title: episode.title,
    description: episode.description,
    publishedAt: episode.publishedAt,
    durationSeconds: episode.durationSeconds,
    status: episode.status,
    errorMessage: episode.errorMessage,
    sizeBytes: episode.audioBytes ?? episode.enclosureBytes,
    audioUrl:
      episode.status === 'completed' && episode.audioKey ? urls.audio(episode.audioKey, now) : null,
    positionSeconds,
  };
}

export function presentPodcastPage(
  page: PodcastPageRecord,
  urls: MediaUrls,
  now: number,
): PodcastPage {
  return {
    ...presentPodcast(page.podcast, urls),
    episodes: page.episodes.map((episode) =>
      presentEpisode(episode, urls, page.positions.get(episode.id) ?? 0, now),
    ),
  };
}
