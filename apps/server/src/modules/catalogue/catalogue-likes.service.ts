import type { PageQuery } from '@cadenza/contract/paging';
import type { NotFound } from '../../errors';
import type { Page } from '../../paging';
import type { AlbumRecord, ArtistRecord } from './catalogue-records';
import type { CatalogueLikesRepository, LikeKind } from './catalogue-likes.repository';
import type { CatalogueRepository } from './catalogue.repository';
import { albumNotFound, artistNotFound } from './catalogue.service';

const NOT_FOUND: Record<LikeKind, () => NotFound> = {
  album: albumNotFound,
  artist: artistNotFound,
};

/**
 * A listener's likes of albums and artists, for both doors: the web's heart and the OpenSubsonic
 * API's star are one like, so a like made at either shows at the other.
 */
export class CatalogueLikesService {
  constructor(
    private readonly likes: CatalogueLikesRepository,
    private readonly catalogue: CatalogueRepository,
  ) {}

  /** Flips the caller's like and answers whether it is now set; 404 for an unknown item. */
  async toggle(userId: string, kind: LikeKind, id: string): Promise<boolean> {
    const now = await this.likes.toggle(userId, kind, id, new Date().toISOString());
    if (now === null) throw NOT_FOUND[kind]();
    return now;
  }

  /** Sets or clears the caller's like, whatever it was (idempotent, unlike `toggle`). */
  async set(userId: string, kind: LikeKind, id: string, on: boolean): Promise<void> {
    const known = await this.likes.set(userId, kind, id, on, new Date().toISOString());
    if (!known) throw NOT_FOUND[kind]();
  }

  /** The page a client asked for of the albums the user liked, newest like first. */
  likedAlbums(userId: string, query: PageQuery): Promise<Page<AlbumRecord>> {
    return this.catalogue.likedAlbumPage(userId, query);
  }

  /** The page a client asked for of the artists the user liked, newest like first. */
  likedArtists(userId: string, query: PageQuery): Promise<Page<ArtistRecord>> {
    return this.catalogue.likedArtistPage(userId, query);
  }

  /** The ids the user liked of one kind, newest like first; at most `limit` when given. */
  likedIds(userId: string, kind: LikeKind, limit?: number): Promise<string[]> {
    return this.likes.likedIds(userId, kind, limit);
  }

  /** When the user liked each of these items (ISO-8601), for those they liked. */
  likesAmong(
    userId: string,
    kind: LikeKind,
    itemIds: readonly string[],
  ): Promise<Map<string, string>> {
    return this.likes.likesAmong(userId, kind, itemIds);
  }

  /** Every like the user gave to items of one kind. */
  likesOf(userId: string, kind: LikeKind): Promise<Map<string, string>> {
    return this.likes.likesOf(userId, kind);
  }
}
