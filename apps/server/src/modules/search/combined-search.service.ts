import { SEARCH_ALL_LIMIT } from '@cadenza/contract/catalogue';
import type { AlbumRecord, ArtistRecord } from '../catalogue/catalogue-records';
import type { TagGenreRecord } from '../genres/genre-record';
import type { SongRecord } from '../songs/song-record';
import type { SearchService } from './search.service';

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

/** The web's search adds the tag genres whose name holds the text. */
export interface SearchAllWithGenres extends SearchAllRecords {
  readonly genres: TagGenreRecord[];
}

/** What the combined search reads of the tag genres: those whose name holds a text. */
export interface GenreReads {
  matching(text: string, limit: number): Promise<TagGenreRecord[]>;
}

/** What the combined search reads of the catalogue: its matches, and every entry in order. */
export interface CatalogueReads {
  albumsMatching(text: string, limit: number): Promise<AlbumRecord[]>;
  artistsMatching(text: string, limit: number): Promise<ArtistRecord[]>;
  albumsAt(
    selection: { kind: 'sorted'; sort: 'title' },
    offset: number,
    size: number,
  ): Promise<AlbumRecord[]>;
  artistsAt(offset: number, size: number): Promise<ArtistRecord[]>;
  songsAt(selection: { kind: 'all' }, offset: number, size: number): Promise<SongRecord[]>;
}

/**
 * Searching songs, albums and artists at once: the web's search page (with tag genres too) and
 * the Subsonic API's search2 and search3. Songs are found by the song search, albums and artists
 * by the catalogue, genres by the genres module.
 */
export class CombinedSearchService {
  constructor(
    private readonly songs: SearchService,
    private readonly catalogue: CatalogueReads,
    private readonly genres: GenreReads,
  ) {}

  /**
   * What matches a listener's text (already trimmed and non-blank) among songs, albums, artists
   * and tag genres. The four reads run at once, so the answer takes about as long as the
   * slowest: on PostgreSQL each on a connection of the pool; on SQLite the albums, artists and
   * genres, long reads, on the read workers' threads (started first) while the songs are read on
   * the server's.
   */
  async all(text: string): Promise<SearchAllWithGenres> {
    const [albums, artists, genres, songs] = await Promise.all([
      this.catalogue.albumsMatching(text, SEARCH_ALL_LIMIT),
      this.catalogue.artistsMatching(text, SEARCH_ALL_LIMIT),
      this.genres.matching(text, SEARCH_ALL_LIMIT),
      this.songs.songs(text),
    ]);
    return { songs, albums, artists, genres };
  }

  /**
   * What matches a text among songs, albums and artists, each from its own offset; every one of
   * them for an empty text (how Subsonic apps read a whole library). The three reads run at
   * once (see all).
   */
  async paged(text: string, window: SearchWindow): Promise<SearchAllRecords> {
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
      slice(window.songs, (limit) => this.songs.songs(text, limit)),
    ]);
    return { songs, albums, artists };
  }
}
