import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { AudioFiles } from '../audio-files/audio-files';
import { coverImagesOf } from '../images/covers';
import { adminSongsRoutes } from './admin-songs.routes';
import { publicSongsRoutes } from './public-songs.routes';
import { SongEditingService } from './song-editing.service';
import { SongPageCache } from './song-page-cache';
import { SongsRepository } from './songs.repository';
import { songsRoutes } from './songs.routes';
import { SongsService } from './songs.service';

/**
 * Songs for every audience: the public list, what listeners do with songs, and the
 * administrators' uploads and edits. One repository and one service per capability; the
 * audiences differ only in their routes' guards and in what they are shown.
 */
export async function registerSongsModule(api: FastifyInstance, c: Container): Promise<void> {
  const repository = new SongsRepository(c.database.db);
  const songs = new SongsService(repository, c.objects, c.directLinks);
  const urls = c.mediaUrls;
  const pages = new SongPageCache(c.catalogueChanges);
  await api.register(songsRoutes, { prefix: '/user/songs', songs, urls, pages });
  await api.register(publicSongsRoutes, { prefix: '/general', songs, urls, pages });
  const covers = coverImagesOf(c);
  const audio = new AudioFiles(c.objects, api.log);
  const editing = new SongEditingService(repository, audio, covers);
  await api.register(adminSongsRoutes, {
    prefix: '/admin/songs',
    songs,
    urls,
    pages,
    editing,
    audio,
    covers,
  });
}
