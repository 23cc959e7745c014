import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { AudioFiles } from '../audio-files/audio-files';
import { coverImagesOf } from '../images/covers';
import { SongEditingService } from '../songs/song-editing.service';
import { SongsRepository } from '../songs/songs.repository';
import { LibraryFilesRepository } from './library-files.repository';
import { LibraryImporter } from './library-importer';
import { LibraryFileReaders } from './library-file-readers';
import { LibraryRescans } from './library-rescans';
import { LibraryScanService } from './library-scan.service';
import { libraryUploadsRoutes } from './library-uploads.routes';
import { libraryRoutes } from './library.routes';

/**
 * Filling the library with whole collections: files sent in bulk, filled from their tags, and
 * the folders of MUSIC_DIR scanned in place. The server scans those when it starts listening
 * (never under `inject`, so tests scan when they ask), an administrator can scan again, and
 * closing stops a scan at its next file.
 */
export async function registerLibraryModule(api: FastifyInstance, c: Container): Promise<void> {
  const { importer, audio, scans } = libraryOf(c, api.log);
  await api.register(libraryUploadsRoutes, {
    prefix: '/admin/library',
    importer,
    audio,
    urls: c.mediaUrls,
  });
  await api.register(libraryRoutes, { prefix: '/admin/library', scans });
  if (c.config.musicFolders.length > 0) {
    api.addHook('onListen', async () => void scans.start());
  }
  api.addHook('preClose', async () => scans.stop());
}

/** The scan of the music folders as the server and `npm run scan` run it. */
export function libraryScanServiceOf(c: Container, log: FastifyBaseLogger): LibraryScanService {
  return libraryOf(c, log).scans;
}

/** The scans of single directories that files found changed when served ask for. */
export function libraryRescansOf(c: Container, log: FastifyBaseLogger): LibraryRescans {
  return libraryOf(c, log).rescans;
}

/** One library per container: a scan started from /api and one from /rest are the same scan. */
const libraries = new WeakMap<Container, ReturnType<typeof buildLibrary>>();

function libraryOf(c: Container, log: FastifyBaseLogger) {
  let library = libraries.get(c);
  if (!library) {
    library = buildLibrary(c, log);
    libraries.set(c, library);
  }
  return library;
}

function buildLibrary(c: Container, log: FastifyBaseLogger) {
  const songs = new SongsRepository(c.database.db);
  const audio = new AudioFiles(c.objects, log);
  const covers = coverImagesOf(c);
  const editing = new SongEditingService(songs, audio, covers);
  const importer = new LibraryImporter(songs, audio, editing);
  // The scan's bookkeeping may outlast a request's statement limit.
  const files = new LibraryFilesRepository(c.database.longWork);
  const scans = new LibraryScanService({
    folders: c.config.musicFolders,
    files,
    locks: c.locks,
    importer,
    covers,
    // One reader thread beside this one: parsing files and writing their songs take turns
    // otherwise.
    openReaders: () => new LibraryFileReaders({ threads: 1 }),
    deleteSong: (songId) => editing.delete(songId),
    log,
  });
  const rescans = new LibraryRescans(c.config.musicFolders, files, scans, log);
  c.staleLibraryFiles.listen((fileId) => rescans.rescanFileOf(fileId));
  return { importer, audio, scans, rescans };
}
