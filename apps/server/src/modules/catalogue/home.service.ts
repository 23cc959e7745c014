import { HOME_ROW_SIZE } from '@cadenza/contract/home';
import { GENRES, type Genre } from '@cadenza/contract/songs';
import { songsByGenreOf, type CountersRepository } from '../stats/counters.repository';
import type { SongRecord } from '../songs/song-record';
import type { SongsRepository } from '../songs/songs.repository';
import type { AlbumRecord, GenreSongCountRecord, PlayedArtistRecord } from './catalogue-records';
import type { CatalogueRepository } from './catalogue.repository';

/** A genre's row on Home: its newest songs and how many it has. */
export interface GenreRowRecord extends GenreSongCountRecord {
  readonly songs: SongRecord[];
}

/** What the rows of Home show after Recently Played and Popular Songs. */
export interface HomeRowsRecord {
  readonly newAlbums: AlbumRecord[];
  readonly topArtists: PlayedArtistRecord[];
  readonly genres: GenreRowRecord[];
}

/** Home's rows for one listener, each a few cards long; "Show all" opens the paged list. */
export class HomeService {
  constructor(
    private readonly catalogue: CatalogueRepository,
    private readonly songs: SongsRepository,
    /** The stats module's counts, which the song writes keep (decision 049). */
    private readonly counters: Pick<CountersRepository, 'readAll'>,
  ) {}

  /**
   * The songs of each genre that has any, in the genres' order: read from the counters, a
   * handful of rows however large the library.
   */
  async genres(): Promise<GenreSongCountRecord[]> {
    const counts = songsByGenreOf(await this.counters.readAll());
    return GENRES.flatMap((genre: Genre) => {
      const songCount = counts.get(genre) ?? 0;
      return songCount > 0 ? [{ genre, songCount }] : [];
    });
  }

  async rows(userId: string): Promise<HomeRowsRecord> {
    const first = { limit: HOME_ROW_SIZE };
    const newAlbums = (await this.catalogue.albumPage('newest', first)).items;
    const topArtists = await this.catalogue.mostPlayedBy(userId, HOME_ROW_SIZE);
    const genres: GenreRowRecord[] = [];
    for (const count of await this.genres()) {
      const songs = (await this.songs.page(first, count.genre)).items;
      genres.push({ ...count, songs });
    }
    return { newAlbums, topArtists, genres };
  }
}
