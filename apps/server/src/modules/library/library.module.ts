import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { AudioFiles } from '../media/audio-files';
import { coverImagesOf } from '../media/covers';
import { SongEditingService } from '../songs/song-editing.service';
import { SongsRepository } from '../songs/songs.repository';
import { LibraryImporter } from './library-importer';
import { libraryUploadsRoutes } from './library-uploads.routes';

/** Filling the library with whole collections: files sent in bulk, filled from their tags. */
export async function registerLibraryModule(api: FastifyInstance, c: Container): Promise<void> {
  const songs = new SongsRepository(c.database.db);
  const audio = new AudioFiles(c.objects, api.log);
  const editing = new SongEditingService(songs, audio, coverImagesOf(c));
  const importer = new LibraryImporter(songs, audio, editing);
  await api.register(libraryUploadsRoutes, {
    prefix: '/admin/library',
    importer,
    audio,
    urls: c.mediaUrls,
  });
}
