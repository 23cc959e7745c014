import { HOME_ROW_SIZE } from '@cadenza/contract/home';
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
  ) {}

  async genres(): Promise<GenreSongCountRecord[]> {
    return this.catalogue.genreSongCounts();
  }

  async rows(userId: string): Promise<HomeRowsRecord> {
    const first = { limit: HOME_ROW_SIZE };
    const newAlbums = (await this.catalogue.albumPage('newest', first)).items;
    const topArtists = await this.catalogue.mostPlayedBy(userId, HOME_ROW_SIZE);
    const genres: GenreRowRecord[] = [];
    for (const count of await this.catalogue.genreSongCounts()) {
      const songs = (await this.songs.page(first, count.genre)).items;
      genres.push({ ...count, songs });
    }
    return { newAlbums, topArtists, genres };
  }
}
