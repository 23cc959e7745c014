import type { RegisterModule } from '../../module';
import { playQueueRoutes } from './play-queue.routes';

/**
 * The listener's queue kept on the server so that another browser or an app continues it. The
 * web reads and writes it here; `/rest` (the subsonic module) through the same service.
 */
export const registerPlayQueueModule: RegisterModule = async (api, c, s) => {
  await api.register(playQueueRoutes, {
    prefix: '/user',
    queue: s.playQueue,
    urls: c.mediaUrls,
  });
};
