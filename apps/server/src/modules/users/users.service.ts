import { adminMessages } from '@cadenza/contract/admin';
import { PROFILE_SONGS_CAP } from '@cadenza/contract/profile';
import type { PageQuery } from '@cadenza/contract/paging';
import type { Transactor } from '../../db/transactor';
import { Forbidden, NotFound } from '../../errors';
import type { Page } from '../../paging';
import type { SessionInvalidation } from '../../domain/session-changes';
import type { CoverImages } from '../images/cover-images';
import type { ImagesRepository } from '../images/images.repository';
import type { SongRecord } from '../songs/song-record';
import type { SongsService } from '../songs/songs.service';
import { USERS_COUNTER, type CountersRepository } from '../stats/counters.repository';
import type { UserRecord } from './user-record';
import type { UsersPolicy } from './users.policy';
import type { UsersRepository } from './users.repository';

/** An account with the songs it liked and saved last (at most `PROFILE_SONGS_CAP` each). */
export interface ProfileRecord {
  readonly user: UserRecord;
  readonly likedSongs: SongRecord[];
  readonly savedSongs: SongRecord[];
}

/** The repositories an account's deletion spans, each its own module's, in one transaction. */
export interface AccountDeletionRepositories {
  readonly users: UsersRepository;
  readonly images: ImagesRepository;
  readonly counters: CountersRepository;
}

/** Accounts: a listener's own profile, and the administrators' list and deletion of accounts. */
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    /** The account, its playlists' covers and the users counter, written together. */
    private readonly atomically: Transactor<AccountDeletionRepositories>,
    /** The songs module's service: a profile shows the songs its owner liked and saved last. */
    private readonly songs: Pick<SongsService, 'marked'>,
    private readonly covers: CoverImages,
    private readonly policy: UsersPolicy,
    private readonly sessions: SessionInvalidation,
  ) {}

  async profile(userId: string): Promise<ProfileRecord> {
    const newest = { limit: PROFILE_SONGS_CAP };
    const [user, liked, saved] = await Promise.all([
      this.users.findById(userId),
      this.songs.marked('likes', userId, newest),
      this.songs.marked('saves', userId, newest),
    ]);
    if (!user) throw new NotFound('This account no longer exists.', 'account_not_found');
    return { user, likedSongs: liked.items, savedSongs: saved.items };
  }

  /** The account signed in with `email` (as stored: lower case), or null. */
  findByEmail(email: string): Promise<UserRecord | null> {
    return this.users.findByEmail(email);
  }

  /** Every account, newest first, a page at a time. */
  page(query: PageQuery): Promise<Page<UserRecord>> {
    return this.users.page(query);
  }

  /**
   * Deletes an account with everything of theirs, in one transaction: each playlist's cover
   * counts one use fewer and the account is counted out. Then the covers no one else uses go.
   */
  async delete(userId: string): Promise<void> {
    const outcome = await this.atomically(async (r) => {
      const deleted = await r.users.deleteAccount(userId, this.policy.deletableRoles);
      if (deleted.status !== 'deleted') return deleted;
      await r.images.release(deleted.playlistCoverKeys);
      await r.counters.bump(USERS_COUNTER, -1);
      return deleted;
    });
    if (outcome.status === 'protected')
      throw new Forbidden(adminMessages.adminNotDeletable, 'admin_not_deletable');
    if (outcome.status === 'missing')
      throw new NotFound(adminMessages.userNotFound, 'user_not_found');
    // The account's sessions end with it, on every node.
    await this.sessions.forget({ kind: 'user', id: userId });
    for (const key of new Set(outcome.playlistCoverKeys)) await this.covers.discard(key);
  }
}
