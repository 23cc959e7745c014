import type { MessageResponse, SuccessResponse } from '../envelope';
import type {
  EpisodeProgressBody,
  Podcast,
  PodcastPage,
  SubscribeBody,
  UpdatePodcastBody,
} from '../podcasts';
import { defineRoute } from '../route';

/** Podcasts (docs/product.md §12.17): listeners read and play, administrators subscribe. */
export const podcastsApi = {
  list: defineRoute<{ response: SuccessResponse<Podcast[]> }>()('GET', '/api/user/podcasts'),
  get: defineRoute<{ response: SuccessResponse<PodcastPage> }>()('GET', '/api/user/podcasts/:id'),
  saveProgress: defineRoute<{ body: EpisodeProgressBody; response: MessageResponse }>()(
    'PUT',
    '/api/user/podcast-episodes/:id/progress',
  ),
  subscribe: defineRoute<{ body: SubscribeBody; response: SuccessResponse<Podcast> }>()(
    'POST',
    '/api/admin/podcasts',
  ),
  update: defineRoute<{ body: UpdatePodcastBody; response: SuccessResponse<Podcast> }>()(
    'PATCH',
    '/api/admin/podcasts/:id',
  ),
  remove: defineRoute<{ response: MessageResponse }>()('DELETE', '/api/admin/podcasts/:id'),
  refresh: defineRoute<{ response: MessageResponse }>()('POST', '/api/admin/podcasts/refresh'),
  download: defineRoute<{ response: MessageResponse }>()(
    'POST',
    '/api/admin/podcast-episodes/:id/download',
  ),
  deleteFile: defineRoute<{ response: MessageResponse }>()(
    'DELETE',
    '/api/admin/podcast-episodes/:id/file',
  ),
} as const;
