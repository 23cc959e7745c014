import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { adminSongsRoutes } from '../admin/admin-songs.routes';
import { AdminSongsService } from '../admin/admin-songs.service';
import { AudioFiles } from '../media/audio-files';
import { coverImagesOf } from '../media/covers';
import { publicSongsRoutes } from './public-songs.routes';
import { SongsRepository } from './songs.repository';
import { songsRoutes } from './songs.routes';
import { SongsService } from './songs.service';

/** Songs: the public list, what listeners do with them, and the administrators' uploads. */
export async function registerSongsModule(api: FastifyInstance, c: Container): Promise<void> {
  const repository = new SongsRepository(c.database.db);
  const songs = new SongsService(repository, c.objects, c.mediaUrls);
  await api.register(songsRoutes, { prefix: '/user/songs', songs });
  await api.register(publicSongsRoutes, { prefix: '/general', songs });
  const covers = coverImagesOf(c);
  const audio = new AudioFiles(c.objects, api.log);
  const adminSongs = new AdminSongsService(repository, audio, covers, c.mediaUrls);
  await api.register(adminSongsRoutes, {
    prefix: '/admin/songs',
    songs,
    adminSongs,
    audio,
    covers,
  });
}
