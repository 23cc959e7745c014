import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { apiKeysServiceOf } from '../api-keys/api-keys.module';
import { CatalogueRepository } from '../catalogue/catalogue.repository';
import { CatalogueService } from '../catalogue/catalogue.service';
import { libraryScanServiceOf } from '../library/library.module';
import { ContentTypes } from '../delivery/content-types';
import { coverImagesOf } from '../images/covers';
import { CoverVariants } from '../images/cover-variants';
import { MediaTypesRepository } from '../delivery/media-types.repository';
import { PlaylistsRepository } from '../playlists/playlists.repository';
import { PlaylistsService } from '../playlists/playlists.service';
import { CombinedSearchService } from '../search/combined-search.service';
import { searchServiceOver } from '../search/search-over';
import { SongsRepository } from '../songs/songs.repository';
import { SongsService } from '../songs/songs.service';
import { actionsEndpoints } from './actions.endpoints';
import { AnnotationsRepository } from './annotations.repository';
import { AnnotationsService } from './annotations.service';
import { ArtistIndex } from './artist-index';
import { browseEndpoints } from './browse.endpoints';
import { listsEndpoints } from './lists.endpoints';
import { LyricsReader } from './lyrics';
import { mediaEndpoints } from './media.endpoints';
import { NowPlaying } from './now-playing';
import { PlayQueueRepository } from './play-queue.repository';
import { PlayQueueService } from './play-queue.service';
import { playlistsEndpoints, subsonicPlaylistPolicy } from './playlists.endpoints';
import { searchEndpoints } from './search.endpoints';
import { SubsonicAuth } from './subsonic-auth';
import { SubsonicLibrary } from './subsonic-library';
import { subsonicRoutes } from './subsonic.routes';
import { systemEndpoints } from './system.endpoints';

/**
 * The OpenSubsonic API under /rest, for phone and desktop apps: a second presentation of the
 * same services the web app's API uses (catalogue, songs, playlists, plays, the library scan),
 * signed in with the listener's API keys.
 */
export async function registerSubsonicModule(app: FastifyInstance, c: Container): Promise<void> {
  const { db, dialect } = c.database;
  const songs = new SongsService(new SongsRepository(db), c.objects, c.directLinks);
  const catalogue = new CatalogueService(new CatalogueRepository(db, c.database.longReads));
  const search = new CombinedSearchService(searchServiceOver(c.database), catalogue);
  const playlists = new PlaylistsService(new PlaylistsRepository(db, dialect), coverImagesOf(c));
  const annotations = new AnnotationsService(new AnnotationsRepository(db), songs);
  const library = new SubsonicLibrary(annotations);
  const nowPlaying = new NowPlaying();
  const endpoints = {
    ...systemEndpoints(),
    ...browseEndpoints({
      catalogue,
      songs,
      library,
      artistIndex: new ArtistIndex(catalogue, annotations, c.catalogueChanges),
    }),
    ...listsEndpoints({ catalogue, search, songs, annotations, library, nowPlaying }),
    ...searchEndpoints({ search, library }),
    ...playlistsEndpoints({ playlists, library }),
    ...mediaEndpoints({
      songs,
      catalogue,
      search,
      playlists,
      policyOf: subsonicPlaylistPolicy,
      objects: c.objects,
      defaults: c.defaultImages,
      contentTypes: new ContentTypes(new MediaTypesRepository(db)),
      variants: new CoverVariants(c.objects),
      lyrics: new LyricsReader(c.objects),
    }),
    ...actionsEndpoints({
      songs,
      catalogue,
      annotations,
      queue: new PlayQueueService(new PlayQueueRepository(db), songs),
      nowPlaying,
      scans: libraryScanServiceOf(c, app.log),
      library,
    }),
  };
  await app.register(subsonicRoutes, {
    prefix: '/rest',
    endpoints,
    auth: new SubsonicAuth(apiKeysServiceOf(c)),
    limits: c.rateLimits,
  });
}
