import type { Podcast, PodcastPage, SubscribeBody } from '@cadenza/contract/podcasts';
import { podcastsApi } from '@cadenza/contract/routes/podcasts';
import { call } from '@/lib/route-call';

/** GET /api/user/podcasts: every podcast, by title. */
export async function getPodcasts(signal?: AbortSignal): Promise<Podcast[]> {
  return (await call(podcastsApi.list, { signal })).data;
}

/** GET /api/user/podcasts/:id: the podcast with its newest episodes and the listener's places. */
export async function getPodcast(id: string, signal?: AbortSignal): Promise<PodcastPage> {
  return (await call(podcastsApi.get, { params: { id }, signal })).data;
}

/** PUT /api/user/podcast-episodes/:id/progress: keeps the listener's place in an episode. */
export async function saveEpisodeProgress(id: string, positionSeconds: number): Promise<void> {
  await call(podcastsApi.saveProgress, { params: { id }, body: { positionSeconds } });
}

/** POST /api/admin/podcasts: subscribes to a feed, read at once. */
export async function subscribeToPodcast(body: SubscribeBody): Promise<Podcast> {
  return (await call(podcastsApi.subscribe, { body })).data;
}

/** PATCH /api/admin/podcasts/:id: how many of the newest episodes download by themselves. */
export async function setPodcastAutoDownload(id: string, autoDownload: number): Promise<Podcast> {
  return (await call(podcastsApi.update, { params: { id }, body: { autoDownload } })).data;
}

/** DELETE /api/admin/podcasts/:id: unsubscribes, deleting its episodes' files. */
export async function unsubscribeFromPodcast(id: string): Promise<void> {
  await call(podcastsApi.remove, { params: { id } });
}

/** POST /api/admin/podcasts/refresh: reads every feed again, in the background. */
export async function refreshPodcasts(): Promise<void> {
  await call(podcastsApi.refresh, {});
}

/** POST /api/admin/podcast-episodes/:id/download: fetches the episode's file, in the background. */
export async function downloadEpisode(id: string): Promise<void> {
  await call(podcastsApi.download, { params: { id } });
}

/** DELETE /api/admin/podcast-episodes/:id/file: deletes the downloaded file. */
export async function deleteEpisodeFile(id: string): Promise<void> {
  await call(podcastsApi.deleteFile, { params: { id } });
}
