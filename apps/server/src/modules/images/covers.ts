import type { Container } from '../../container';
import { CoverImages } from './cover-images';
import { ImagesRepository } from './images.repository';

/** The cover images of songs and playlists, as every module that stores one needs them. */
export function coverImagesOf(c: Container): CoverImages {
  return new CoverImages(c.objects, new ImagesRepository(c.database.db));
}
