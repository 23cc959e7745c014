import type { Container } from '../../container';
import { CoverImages } from './cover-images';
import { ImageReferencesRepository } from './image-references.repository';

/** The cover images of songs, playlists and profiles, as every module that stores one needs them. */
export function coverImagesOf(c: Container): CoverImages {
  return new CoverImages(c.blobs, new ImageReferencesRepository(c.database.db));
}
