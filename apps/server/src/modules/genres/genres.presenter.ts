import type { TagGenre } from '@cadenza/contract/tag-genres';
import type { TagGenreRecord } from './genre-record';

export function presentTagGenre(genre: TagGenreRecord): TagGenre {
  return {
    _id: genre.id,
    name: genre.name,
    songCount: genre.songCount,
    albumCount: genre.albumCount,
  };
}
