import { randomBytes } from 'node:crypto';
import type { Role } from '@cadenza/contract/auth';
import { shareMessages, type CreateShareBody } from '@cadenza/contract/shares';
import { Gone, Invalid, NotFound } from '../../errors';
import type { CatalogueService } from '../catalogue/catalogue.service';
import { listenerPolicy } from '../playlists/playlist-policy';
import type { PlaylistsService } from '../playlists/playlists.service';
import type { SongRecord } from '../songs/song-record';
import { songNotFound, type SongsService } from '../songs/songs.service';
import type { UsersService } from '../users/users.service';
import type { ShareChange, ShareRecord, SharesRepository } from './shares.repository';

/** A share with what it is called now (its album's or playlist's name, or its first song's). */
export interface NamedShare extends ShareRecord {
  readonly title: string;
}

/** What a visitor is shown: the share with its songs as they are now, and who shared it. */
export interface SharedContent extends NamedShare {
  readonly songs: readonly SongRecord[];
  readonly sharedBy: string;
}

export interface SharesServiceDeps {
  readonly shares: SharesRepository;
  readonly songs: Pick<SongsService, 'findAll'>;
  readonly catalogue: Pick<CatalogueService, 'album'>;
  readonly playlists: Pick<PlaylistsService, 'get'>;
  readonly users: Pick<UsersService, 'profile'>;
  readonly clock?: () => Date;
}

const notFound = () => new NotFound(shareMessages.notFound, 'share_not_found');

/**
 * Public links to songs, an album or a playlist: a visitor without an account plays them on the
 * share's page until it expires or its owner revokes it. The id is the link's secret.
 */
export class SharesService {
  private readonly clock: () => Date;

  constructor(private readonly deps: SharesServiceDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  /** Makes a share of what `ownerId` may see; 404 for anything that does not exist. */
  async create(ownerId: string, body: CreateShareBody): Promise<NamedShare> {
    const share = {
      id: randomBytes(16).toString('base64url'),
      ownerId,
      kind: body.kind,
      itemIds: body.itemIds,
      description: body.description || null,
      expiresAt: this.futureOrRefused(body.expiresAt ?? null),
      allowDownload: body.allowDownload ?? false,
      createdAt: this.clock().toISOString(),
    };
    const { title } = await this.contentOf({
      ...share,
      viewCount: 0,
      playCount: 0,
      lastViewedAt: null,
    });
    await this.deps.shares.insert(share);
    return { ...share, viewCount: 0, playCount: 0, lastViewedAt: null, title };
  }

  /** The owner's shares, newest first, with their names as they are now. */
  async ofOwner(ownerId: string): Promise<NamedShare[]> {
    const found = await this.deps.shares.ofOwner(ownerId);
    return Promise.all(
      found.map(async (share) => ({ ...share, title: await this.titleOf(share) })),
    );
  }

  /** The songs a share holds now; none when what it named is gone. */
  async songsOf(share: ShareRecord): Promise<readonly SongRecord[]> {
    try {
      return (await this.contentOf(share)).songs;
    } catch (error) {
      if (error instanceof NotFound) return [];
      throw error;
    }
  }

  /** Changes the owner's share (an administrator's too); 404 for another's. */
  async update(caller: ShareCaller, id: string, change: ShareChange): Promise<NamedShare> {
    await this.owned(caller, id);
    const expiresAt =
      change.expiresAt === undefined ? undefined : this.futureOrRefused(change.expiresAt);
    const updated = await this.deps.shares.update(id, {
      ...change,
      ...(change.description === undefined ? {} : { description: change.description || null }),
      expiresAt,
    });
    if (!updated) throw notFound();
    return { ...updated, title: await this.titleOf(updated) };
  }

  /** Ends the link for good; 404 for another's share (an administrator may end any). */
  async revoke(caller: ShareCaller, id: string): Promise<void> {
    await this.owned(caller, id);
    if (!(await this.deps.shares.delete(id))) throw notFound();
  }

  /**
   * What a visitor sees, counted as a visit: 404 for an id this server never made (or revoked),
   * 410 once expired.
   */
  async visit(id: string): Promise<SharedContent> {
    const share = await this.live(id);
    const content = await this.contentOf(share);
    const owner = await this.deps.users.profile(share.ownerId);
    const at = this.clock().toISOString();
    await this.deps.shares.countView(id, at);
    return {
      ...share,
      viewCount: share.viewCount + 1,
      lastViewedAt: at,
      ...content,
      sharedBy: owner.user.name,
    };
  }

  /** A visitor played one of the share's songs; 404 for a song the share does not hold. */
  async countPlay(id: string, songId: string): Promise<void> {
    const share = await this.live(id);
    const { songs } = await this.contentOf(share);
    if (!songs.some((song) => song.id === songId)) throw songNotFound();
    await this.deps.shares.countPlay(id);
  }

  private async live(id: string): Promise<ShareRecord> {
    const share = await this.deps.shares.find(id);
    if (!share) throw notFound();
    if (share.expiresAt !== null && Date.parse(share.expiresAt) <= this.clock().getTime()) {
      throw new Gone(shareMessages.expired, 'share_expired');
    }
    return share;
  }

  private async owned(caller: ShareCaller, id: string): Promise<ShareRecord> {
    const share = await this.deps.shares.find(id);
    if (!share || (share.ownerId !== caller.userId && caller.role !== 'admin')) throw notFound();
    return share;
  }

  private futureOrRefused(expiresAt: string | null): string | null {
    if (expiresAt === null) return null;
    const time = Date.parse(expiresAt);
    if (!(time > this.clock().getTime())) {
      throw new Invalid(shareMessages.expiresAt, [
        { field: 'expiresAt', code: 'custom', message: shareMessages.expiresAt },
      ]);
    }
    return new Date(time).toISOString();
  }

  private async titleOf(share: ShareRecord): Promise<string> {
    try {
      return (await this.contentOf(share)).title;
    } catch (error) {
      // What it named is gone: the owner still sees the share, to revoke it.
      if (error instanceof NotFound) return 'No longer available';
      throw error;
    }
  }

  /** The share's songs as they are now, and its name; 404 when what it names is gone. */
  private async contentOf(share: ShareRecord): Promise<{ title: string; songs: SongRecord[] }> {
    const [first] = share.itemIds;
    if (first === undefined) throw notFound();
    if (share.kind === 'album') {
      const { album, songs } = await this.deps.catalogue.album(first);
      return { title: album.title, songs };
    }
    if (share.kind === 'playlist') {
      const playlist = await this.deps.playlists.get(
        listenerPolicy({ userId: share.ownerId }),
        first,
      );
      if (playlist.criteria !== null) throw new Invalid(shareMessages.smartPlaylist);
      return { title: playlist.name, songs: [...playlist.songs] };
    }
    const songs = await this.deps.songs.findAll(share.itemIds);
    if (songs.length !== new Set(share.itemIds).size) throw songNotFound();
    const more = songs.length - 1;
    const title = songs[0]!.title + (more > 0 ? ` and ${more} more` : '');
    return { title, songs };
  }
}

/** Who asks to change or end a share. */
export interface ShareCaller {
  readonly userId: string;
  readonly role: Role;
}
