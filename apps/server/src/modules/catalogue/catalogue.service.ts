import { ARTIST_TOP_SONGS, SEARCH_ALL_LIMIT, type AlbumSort } from '@cadenza/contract/catalogue';
import type { PageQuery } from '@cadenza/contract/paging';
import { NotFound } from '../../errors';
import type { Page } from '../../paging';
import type { SearchService } from '../search/search.service';
import type { SongRecord } from '../songs/song-record';
import type { AlbumRecord, ArtistRecord } from './catalogue-records';
import type { CatalogueRepository } from './catalogue.repository';

export function albumNotFound(): NotFound {
  return new NotFound('Album not found.', 'album_not_found');
}

export function artistNotFound(): NotFound {
  return new NotFound('Artist not found.', 'artist_not_found');
}

export interface AlbumWithTracks {
  readonly album: AlbumRecord;
  readonly songs: SongRecord[];
}

export interface ArtistWithWork {
  readonly artist: ArtistRecord;
  readonly albums: AlbumRecord[];
  readonly topSongs: SongRecord[];
}

export interface SearchAllRecords {
  readonly songs: SongRecord[];
  readonly albums: AlbumRecord[];
  readonly artists: ArtistRecord[];
}

/** Browsing the catalogue: albums and artists, and searching songs, albums and artists at once. */
export class CatalogueService {
  constructor(
    private readonly catalogue: CatalogueRepository,
    private readonly search: SearchService,
  ) {}

  async albums(sort: AlbumSort, query: PageQuery): Promise<Page<AlbumRecord>> {
    return this.catalogue.albumPage(sort, query);
  }

  async album(id: string): Promise<AlbumWithTracks> {
    const album = await this.catalogue.findAlbum(id);
    if (!album) throw albumNotFound();
    return { album, songs: await this.catalogue.tracksOf(id) };
  }

  async artists(query: PageQuery): Promise<Page<ArtistRecord>> {
    return this.catalogue.artistPage(query);
  }

  async artist(id: string): Promise<ArtistWithWork> {
    const artist = await this.catalogue.findArtist(id);
    if (!artist) throw artistNotFound();
    return {
      artist,
      albums: await this.catalogue.albumsBy(id),
      topSongs: await this.catalogue.topSongsOf(id, ARTIST_TOP_SONGS),
    };
  }

  /** What matches a listener's text (already trimmed and non-blank) among songs, albums, artists. */
  async searchAll(text: string): Promise<SearchAllRecords> {
    return {
      songs: await this.search.songs(text),
      albums: await this.catalogue.albumsMatching(text, SEARCH_ALL_LIMIT),
      artists: await this.catalogue.artistsMatching(text, SEARCH_ALL_LIMIT),
    };
  }
}
