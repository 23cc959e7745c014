import type { RegisterModule } from '../../module';
import { actionsEndpoints } from './actions.endpoints';
import { bookmarksEndpoints } from './bookmarks.endpoints';
import { browseEndpoints } from './browse.endpoints';
import { internetRadioEndpoints } from './internet-radio.endpoints';
import { listenerChatEndpoints } from './listener-chat.endpoints';
import { listsEndpoints } from './lists.endpoints';
import { mediaEndpoints } from './media.endpoints';
import { playlistsEndpoints, subsonicPlaylistPolicy } from './playlists.endpoints';
import { podcastsEndpoints } from './podcasts.endpoints';
import { searchEndpoints } from './search.endpoints';
import { sharesEndpoints } from './shares.endpoints';
import { subsonicRoutes } from './subsonic.routes';
import { systemEndpoints } from './system.endpoints';
import { transcodingEndpoints } from './transcoding.endpoints';
import { usersEndpoints } from './users.endpoints';

/**
 * The OpenSubsonic API under /rest, for phone and desktop apps: a second presentation of the
 * same services the web app's API uses (catalogue, songs, playlists, plays, the library scan),
 * signed in with the listener's API keys.
 */
export const registerSubsonicModule: RegisterModule = async (app, c, s) => {
  const { catalogue, songs, playlists, annotations, nowPlaying } = s;
  const search = s.combinedSearch;
  const library = s.subsonicLibrary;
  const endpoints = {
    ...systemEndpoints(s.transcoder.formats().length > 0),
    ...browseEndpoints({
      catalogue,
      genres: s.genres,
      songs,
      library,
      artistIndex: s.artistIndex,
      radio: s.radio,
    }),
    ...listsEndpoints({
      catalogue,
      search,
      songs,
      annotations,
      library,
      nowPlaying,
      radio: s.radio,
    }),
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
      contentTypes: s.contentTypes,
      variants: s.coverVariants,
      lyrics: s.lyrics,
      streams: s.songStreams,
      podcasts: s.podcasts,
    }),
    ...transcodingEndpoints({
      songs,
      objects: c.objects,
      streams: s.songStreams,
      transcodeParams: s.transcodeParams,
    }),
    ...actionsEndpoints({
      songs,
      catalogue,
      annotations,
      queue: s.playQueue,
      nowPlaying,
      scrobbling: s.scrobbling,
      scans: s.libraryScans,
      library,
    }),
    ...bookmarksEndpoints({ bookmarks: s.bookmarks, library }),
    ...internetRadioEndpoints({ stations: s.stations }),
    ...podcastsEndpoints({ podcasts: s.podcasts }),
    ...listenerChatEndpoints({ chat: s.listenerChat }),
    ...sharesEndpoints({ shares: s.shares, library, publicUrl: c.config.publicUrl }),
    ...usersEndpoints({
      users: s.users,
      accounts: s.accounts,
      objects: c.objects,
      contentTypes: s.contentTypes,
    }),
  };
  await app.register(subsonicRoutes, {
    prefix: '/rest',
    endpoints,
    auth: s.subsonicAuth,
    limits: c.rateLimits,
  });
};
