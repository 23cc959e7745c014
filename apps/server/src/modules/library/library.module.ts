import type { RegisterModule } from '../../module';
import { libraryUploadsRoutes } from './library-uploads.routes';
import { libraryRoutes } from './library.routes';
import { presentTranscoding } from '../transcoding/transcoding.presenter';

/**
 * Filling the library with whole collections: files sent in bulk, filled from their tags, and
 * the folders of MUSIC_DIR scanned in place. The server scans those when it starts listening
 * (never under `inject`, so tests scan when they ask), an administrator can scan again, and
 * closing stops a scan at its next file. The scan is the one `/rest` and `cadenza scan` run.
 */
export const registerLibraryModule: RegisterModule = async (api, c, s) => {
  const scans = s.libraryScans;
  await api.register(libraryUploadsRoutes, {
    prefix: '/admin/library',
    importer: s.libraryImporter,
    audio: s.audio,
    urls: c.mediaUrls,
  });
  await api.register(libraryRoutes, {
    prefix: '/admin/library',
    scans,
    transcoding: presentTranscoding(s.ffmpeg.facts?.version ?? null, s.transcoder.formats()),
  });
  if (c.config.musicFolders.length > 0) {
    api.addHook('onListen', async () => void scans.start());
  }
  api.addHook('preClose', async () => scans.stop());
};
