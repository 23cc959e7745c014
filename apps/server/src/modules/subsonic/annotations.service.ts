import type { AlbumRecord, ArtistRecord } from '../catalogue/catalogue-records';
import type { LikeKind } from '../catalogue/catalogue-likes.repository';
import type { CatalogueLikesService } from '../catalogue/catalogue-likes.service';
import type { SongRecord } from '../songs/song-record';
import type { SongsService } from '../songs/songs.service';
import type { AnnotationsRepository, RatingKind } from './annotations.repository';

/** A listener's stars (ISO-8601 times), ratings and last plays of the items of one answer. */
export interface Annotations {
  readonly songStars: ReadonlyMap<string, string>;
  readonly albumStars: ReadonlyMap<string, string>;
  readonly artistStars: ReadonlyMap<string, string>;
  readonly songRatings: ReadonlyMap<string, number>;
  readonly albumRatings: ReadonlyMap<string, number>;
  readonly artistRatings: ReadonlyMap<string, number>;
  /** When they last played each song, and any song of each album (ISO-8601). */
  readonly songPlays: ReadonlyMap<string, string>;
  readonly albumPlays: ReadonlyMap<string, string>;
}

export const NO_ANNOTATIONS: Annotations = {
  songStars: new Map(),
  albumStars: new Map(),
  artistStars: new Map(),
  songRatings: new Map(),
  albumRatings: new Map(),
  artistRatings: new Map(),
  songPlays: new Map(),
  albumPlays: new Map(),
};

export interface AnnotatedItems {
  readonly songs?: readonly SongRecord[];
  readonly albums?: readonly AlbumRecord[];
  readonly artists?: readonly ArtistRecord[];
}

/**
 * Stars and ratings. A star is the web app's like: of a song through the songs service, of an
 * album or artist through the catalogue's likes; ratings are kept here.
 */
export class AnnotationsService {
  constructor(
    private readonly annotations: AnnotationsRepository,
    private readonly songs: SongsService,
    private readonly likes: CatalogueLikesService,
  ) {}

  async star(userId: string, kind: 'song' | LikeKind, id: string, on: boolean): Promise<void> {
    if (kind === 'song') return this.songs.mark('likes', userId, id, on);
    return this.likes.set(userId, kind, id, on);
  }

  /** The ids the user starred of one kind, newest star first. */
  starred(userId: string, kind: LikeKind, limit: number): Promise<string[]> {
    return this.likes.likedIds(userId, kind, limit);
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
    const [
      songStars,
      albumStars,
      artistStars,
      songRatings,
      albumRatings,
      artistRatings,
      songPlays,
      albumPlays,
    ] = await Promise.all([
      this.songs.marksAmong('likes', userId, songIds),
      this.likes.likesAmong(userId, 'album', albumIds),
      this.likes.likesAmong(userId, 'artist', artistIds),
      this.annotations.ratingsAmong(userId, 'song', songIds),
      this.annotations.ratingsAmong(userId, 'album', albumIds),
      this.annotations.ratingsAmong(userId, 'artist', artistIds),
      this.songs.lastPlaysAmong(userId, songIds),
      this.songs.lastAlbumPlaysAmong(userId, albumIds),
    ]);
    return {
      songStars,
      albumStars,
      artistStars,
      songRatings,
      albumRatings,
      artistRatings,
      songPlays,
      albumPlays,
    };
  }

  /**
   * The listener's stars and ratings of every artist: what a list of every artist is annotated
   * with, read by listener rather than by the thousands of ids of the list.
   */
  async ofEveryArtist(userId: string): Promise<Annotations> {
    const [artistStars, artistRatings] = await Promise.all([
      this.likes.likesOf(userId, 'artist'),
      this.annotations.ratingsOf(userId, 'artist'),
    ]);
    return { ...NO_ANNOTATIONS, artistStars, artistRatings };
  }
}
