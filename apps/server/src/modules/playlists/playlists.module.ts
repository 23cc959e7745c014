import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { coverImagesOf } from '../images/covers';
import { adminPlaylistsRoutes } from './admin-playlists.routes';
import { PlaylistsRepository } from './playlists.repository';
import { listenerPlaylistsRoutes } from './playlists.routes';
import { PlaylistsService } from './playlists.service';

/** Listeners' playlists and the administrators' curated ones: one service, two policies. */
export async function registerPlaylistsModule(api: FastifyInstance, c: Container): Promise<void> {
  const covers = coverImagesOf(c);
  const repository = new PlaylistsRepository(c.database.db, c.database.dialect);
  const deps = { playlists: new PlaylistsService(repository, covers), covers, urls: c.mediaUrls };
  await api.register(listenerPlaylistsRoutes, { prefix: '/user/playlists', ...deps });
  await api.register(adminPlaylistsRoutes, { prefix: '/admin/playlists', ...deps });
}
