import type { RegisterModule } from '../../module';
import { adminPlaylistsRoutes } from './admin-playlists.routes';
import { listenerPlaylistsRoutes } from './playlists.routes';
import { smartPlaylistsRoutes } from './smart-playlists.routes';

/** Listeners' playlists and the administrators' curated ones: one service, two policies. */
export const registerPlaylistsModule: RegisterModule = async (api, c, s) => {
  const deps = { playlists: s.playlists, covers: s.covers, urls: c.mediaUrls };
  await api.register(listenerPlaylistsRoutes, { prefix: '/user/playlists', ...deps });
  await api.register(adminPlaylistsRoutes, { prefix: '/admin/playlists', ...deps });
  await api.register(smartPlaylistsRoutes, {
    prefix: '/user/smart-playlists',
    playlists: s.playlists,
    urls: c.mediaUrls,
  });
};
