import type { PageQuery } from '@cadenza/contract/paging';
import { NotFound } from '../../errors';
import type { Page } from '../../paging';
import type { AlbumRecord } from '../catalogue/catalogue-records';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { SongRecord } from '../songs/song-record';
import type { TagGenreRecord } from './genre-record';
import type { GenresRepository } from './genres.repository';

export function genreNotFound(): NotFound {
  return new NotFound('Genre not found.', 'genre_not_found');
}

/**
 * Browsing by tag genre: every genre with its counts, one genre's albums and songs, and finding
 * genres by name. The seven genres songs are filed under are the songs module's.
 */
export class GenresService {
  constructor(
    private readonly genres: GenresRepository,
    private readonly catalogue: Pick<CatalogueService, 'albumsOfGenre'>,
  ) {}

  all(): Promise<TagGenreRecord[]> {
    return this.genres.all();
  }

  async genre(id: string): Promise<TagGenreRecord> {
    const genre = await this.genres.find(id);
    if (!genre) throw genreNotFound();
    return genre;
  }

  /** The albums with at least one song of the genre, by title; 404 for an unknown genre. */
  async albums(id: string, query: PageQuery): Promise<Page<AlbumRecord>> {
    return this.unlessUnknown(id, await this.catalogue.albumsOfGenre(id, query));
  }

  /** The genre's songs, newest added first; 404 for an unknown genre. */
  async songs(id: string, query: PageQuery): Promise<Page<SongRecord>> {
    return this.unlessUnknown(id, await this.genres.songPage(id, query));
  }

  /** Genres whose name holds `text`, those it starts first; at most `limit`. */
  matching(text: string, limit: number): Promise<TagGenreRecord[]> {
    return this.genres.matching(text, limit);
  }

  /**
   * The page, unless it is empty because there is no such genre (404). The page is read first,
   * so that a cursor the server did not write is a 400 whatever the genre.
   */
  private async unlessUnknown<T>(id: string, page: Page<T>): Promise<Page<T>> {
    if (page.items.length === 0 && !(await this.genres.exists(id))) throw genreNotFound();
    return page;
  }
}
