import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { adminPlaylistsRoutes } from '../admin/admin-playlists.routes';
import { AdminPlaylistsService } from '../admin/admin-playlists.service';
import { coverImagesOf } from '../media/covers';
import { PlaylistsRepository } from './playlists.repository';
import { playlistRoutes } from './playlists.routes';
import { PlaylistsService } from './playlists.service';

/** Listeners' playlists and the administrators' curated ones. */
export async function registerPlaylistsModule(api: FastifyInstance, c: Container): Promise<void> {
  const covers = coverImagesOf(c);
  const repository = new PlaylistsRepository(c.database.db, c.database.dialect);
  const playlists = new PlaylistsService(repository, covers, c.mediaUrls);
  await api.register(playlistRoutes, { prefix: '/user/playlists', playlists, covers });
  const adminPlaylists = new AdminPlaylistsService(repository, covers, c.mediaUrls);
  await api.register(adminPlaylistsRoutes, { prefix: '/admin/playlists', adminPlaylists, covers });
}
