import { ARTIST_TOP_SONGS, SEARCH_ALL_LIMIT, type AlbumSort } from '@cadenza/contract/catalogue';
import type { PageQuery } from '@cadenza/contract/paging';
import { NotFound } from '../../errors';
import type { Page } from '../../paging';
import type { SearchService } from '../search/search.service';
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

/** A part of a result read by offset. */
export interface PageWindow {
  readonly offset: number;
  readonly count: number;
}

export interface SearchWindow {
  readonly songs: PageWindow;
  readonly albums: PageWindow;
  readonly artists: PageWindow;
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

  genres(): Promise<GenreCountRecord[]> {
    return this.catalogue.genreCounts();
  }

  /** An artist's most played songs. */
  async topSongsOf(artistId: string, limit: number): Promise<SongRecord[]> {
    return this.catalogue.topSongsOf(artistId, limit);
  }

  /**
   * What matches a text among songs, albums and artists, each from its own offset; every one of
   * them for an empty text (how Subsonic apps read a whole library). The three reads run at
   * once (see searchAll).
   */
  async searchPaged(text: string, window: SearchWindow): Promise<SearchAllRecords> {
    const end = (part: PageWindow) => part.offset + part.count;
    if (text === '') {
      const [albums, artists, songs] = await Promise.all([
        this.catalogue.albumsAt(
          { kind: 'sorted', sort: 'title' },
          window.albums.offset,
          window.albums.count,
        ),
        this.catalogue.artistsAt(window.artists.offset, window.artists.count),
        this.catalogue.songsAt({ kind: 'all' }, window.songs.offset, window.songs.count),
      ]);
      return { songs, albums, artists };
    }
    const slice = async <T>(part: PageWindow, read: (limit: number) => Promise<T[]>) =>
      part.count === 0 ? [] : (await read(end(part))).slice(part.offset, end(part));
    const [albums, artists, songs] = await Promise.all([
      slice(window.albums, (limit) => this.catalogue.albumsMatching(text, limit)),
      slice(window.artists, (limit) => this.catalogue.artistsMatching(text, limit)),
      slice(window.songs, (limit) => this.search.songs(text, limit)),
    ]);
    return { songs, albums, artists };
  }

  /**
   * What matches a listener's text (already trimmed and non-blank) among songs, albums, artists.
   * The three reads run at once, so the answer takes about as long as the slowest: on
   * PostgreSQL each on a connection of the pool; on SQLite the albums and artists, long reads,
   * on the read workers' threads (started first) while the songs are read on the server's.
   */
  async searchAll(text: string): Promise<SearchAllRecords> {
    const [albums, artists, songs] = await Promise.all([
      this.catalogue.albumsMatching(text, SEARCH_ALL_LIMIT),
      this.catalogue.artistsMatching(text, SEARCH_ALL_LIMIT),
      this.search.songs(text),
    ]);
    return { songs, albums, artists };
  }
}
