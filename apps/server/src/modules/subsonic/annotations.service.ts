import type { AlbumRecord, ArtistRecord } from '../catalogue/catalogue-records';
import type { SongRecord } from '../songs/song-record';
import type { SongsService } from '../songs/songs.service';
import type { AnnotationsRepository, RatingKind, StarKind } from './annotations.repository';

/** A listener's stars (ISO-8601 times) and ratings of the items of one answer. */
export interface Annotations {
  readonly songStars: ReadonlyMap<string, string>;
  readonly albumStars: ReadonlyMap<string, string>;
  readonly artistStars: ReadonlyMap<string, string>;
  readonly songRatings: ReadonlyMap<string, number>;
  readonly albumRatings: ReadonlyMap<string, number>;
  readonly artistRatings: ReadonlyMap<string, number>;
}

export const NO_ANNOTATIONS: Annotations = {
  songStars: new Map(),
  albumStars: new Map(),
  artistStars: new Map(),
  songRatings: new Map(),
  albumRatings: new Map(),
  artistRatings: new Map(),
};

export interface AnnotatedItems {
  readonly songs?: readonly SongRecord[];
  readonly albums?: readonly AlbumRecord[];
  readonly artists?: readonly ArtistRecord[];
}

/**
 * Stars and ratings. A starred song is a liked song (the web app's like, through the songs
 * service); albums and artists, which the web app does not like, keep their stars here.
 */
export class AnnotationsService {
  constructor(
    private readonly annotations: AnnotationsRepository,
    private readonly songs: SongsService,
  ) {}

  async star(userId: string, kind: 'song' | StarKind, id: string, on: boolean): Promise<void> {
    if (kind === 'song') return this.songs.mark('likes', userId, id, on);
    await this.annotations.setStar(userId, kind, id, on, new Date().toISOString());
  }

  starred(userId: string, kind: StarKind, limit: number): Promise<string[]> {
    return this.annotations.starred(userId, kind, limit);
  }

  rate(userId: string, kind: RatingKind, id: string, rating: number): Promise<void> {
    return this.annotations.setRating(userId, kind, id, rating);
  }

  async of(userId: string, items: AnnotatedItems): Promise<Annotations> {
    const ids = (list: readonly { id: string }[] | undefined) => (list ?? []).map(({ id }) => id);
    const [songIds, albumIds, artistIds] = [
      ids(items.songs),
      ids(items.albums),
      ids(items.artists),
    ];
    const [songStars, albumStars, artistStars, songRatings, albumRatings, artistRatings] =
      await Promise.all([
        this.songs.marksAmong('likes', userId, songIds),
        this.annotations.starsAmong(userId, 'album', albumIds),
        this.annotations.starsAmong(userId, 'artist', artistIds),
        this.annotations.ratingsAmong(userId, 'song', songIds),
        this.annotations.ratingsAmong(userId, 'album', albumIds),
        this.annotations.ratingsAmong(userId, 'artist', artistIds),
      ]);
    return { songStars, albumStars, artistStars, songRatings, albumRatings, artistRatings };
  }

  /**
   * The listener's stars and ratings of every artist: what a list of every artist is annotated
   * with, read by listener rather than by the thousands of ids of the list.
   */
  async ofEveryArtist(userId: string): Promise<Annotations> {
    const [artistStars, artistRatings] = await Promise.all([
      this.annotations.starsOf(userId, 'artist'),
      this.annotations.ratingsOf(userId, 'artist'),
    ]);
    return { ...NO_ANNOTATIONS, artistStars, artistRatings };
  }
}
