import type { RegisterModule } from '../../module';
import { adminSongsRoutes } from './admin-songs.routes';
import { publicSongsRoutes } from './public-songs.routes';
import { songsRoutes } from './songs.routes';

/**
 * Songs for every audience: the public list, what listeners do with songs, and the
 * administrators' uploads and edits. One repository and one service per capability; the
 * audiences differ only in their routes' guards and in what they are shown.
 */
export const registerSongsModule: RegisterModule = async (api, c, s) => {
  const { songs } = s;
  const urls = c.mediaUrls;
  const pages = s.songPages;
  await api.register(songsRoutes, {
    prefix: '/user/songs',
    songs,
    urls,
    pages,
    scrobbling: s.scrobbling,
  });
  await api.register(publicSongsRoutes, { prefix: '/general', songs, urls, pages });
  await api.register(adminSongsRoutes, {
    prefix: '/admin/songs',
    songs,
    urls,
    pages,
    editing: s.songEditing,
    demoSongs: s.demoSongs,
    audio: s.audio,
    covers: s.covers,
  });
};
