import { ARTIST_TOP_SONGS, type AlbumSort } from '@cadenza/contract/catalogue';
import type { PageQuery } from '@cadenza/contract/paging';
import { NotFound } from '../../errors';
import type { Page } from '../../paging';
import type { SongRecord } from '../songs/song-record';
import type { AlbumRecord, ArtistRecord, GenreCountRecord } from './catalogue-records';
import type { AlbumSelection, CatalogueRepository, SongSelection } from './catalogue.repository';

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

/** Browsing the catalogue: albums and artists, and finding them by the words of their names. */
export class CatalogueService {
  constructor(private readonly catalogue: CatalogueRepository) {}

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

  /** Albums by offset, for clients that page that way (the Subsonic API). */
  albumsAt(selection: AlbumSelection, offset: number, size: number): Promise<AlbumRecord[]> {
    return this.catalogue.albumsAt(selection, offset, size);
  }

  albumsById(ids: readonly string[]): Promise<AlbumRecord[]> {
    return this.catalogue.albumsById(ids);
  }

  /** Artists who have albums of their own, alphabetical: the index of a music folder. */
  albumArtists(): Promise<ArtistRecord[]> {
    return this.catalogue.albumArtists();
  }

  artistsAt(offset: number, size: number): Promise<ArtistRecord[]> {
    return this.catalogue.artistsAt(offset, size);
  }

  artistsById(ids: readonly string[]): Promise<ArtistRecord[]> {
    return this.catalogue.artistsById(ids);
  }

  songsAt(selection: SongSelection, offset: number, size: number): Promise<SongRecord[]> {
    return this.catalogue.songsAt(selection, offset, size);
  }

  /** Songs by the same artists or of the same genre as one song; 404 for an unknown song. */
  async similarSongs(songId: string, limit: number): Promise<SongRecord[]> {
    return this.catalogue.similarSongs(songId, limit);
  }

  /** Albums whose title has a word starting with each word of `text`, by title. */
  albumsMatching(text: string, limit: number): Promise<AlbumRecord[]> {
    return this.catalogue.albumsMatching(text, limit);
  }

  /** Artists whose name has a word starting with each word of `text`, by name. */
  artistsMatching(text: string, limit: number): Promise<ArtistRecord[]> {
    return this.catalogue.artistsMatching(text, limit);
  }

  genres(): Promise<GenreCountRecord[]> {
    return this.catalogue.genreCounts();
  }

  /** An artist's most played songs. */
  async topSongsOf(artistId: string, limit: number): Promise<SongRecord[]> {
    return this.catalogue.topSongsOf(artistId, limit);
  }
}
