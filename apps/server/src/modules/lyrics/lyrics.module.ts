import type { RegisterModule } from '../../module';
import { lyricsRoutes } from './lyrics.routes';

/** Songs' lyrics: read from files and `.lrc` files, shown to listeners, edited by admins. */
export const registerLyricsModule: RegisterModule = async (api, _c, s) => {
  await api.register(lyricsRoutes, { lyrics: s.lyrics });
};
