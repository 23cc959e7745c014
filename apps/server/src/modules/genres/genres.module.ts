import type { RegisterModule } from '../../module';
import { genresRoutes } from './genres.routes';

/** Tag genres: every genre the files name, and each one's albums and songs. */
export const registerGenresModule: RegisterModule = async (api, c, s) => {
  await api.register(genresRoutes, { prefix: '/user', genres: s.genres, urls: c.mediaUrls });
};
