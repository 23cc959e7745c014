import { adminMessages } from '@cadenza/contract/admin';
import { PROFILE_SONGS_CAP } from '@cadenza/contract/profile';
import type { PageQuery } from '@cadenza/contract/paging';
import { Forbidden, NotFound } from '../../errors';
import type { Page } from '../../paging';
import type { SessionInvalidation } from '../../domain/session-changes';
import type { CoverImages } from '../images/cover-images';
import type { SongRecord } from '../songs/song-record';
import type { SongsService } from '../songs/songs.service';
import type { UserRecord } from './user-record';
import type { UsersPolicy } from './users.policy';
import type { UsersRepository } from './users.repository';

/** An account with the songs it liked and saved last (at most `PROFILE_SONGS_CAP` each). */
export interface ProfileRecord {
  readonly user: UserRecord;
  readonly likedSongs: SongRecord[];
  readonly savedSongs: SongRecord[];
}

/** Accounts: a listener's own profile, and the administrators' list and deletion of accounts. */
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
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

  /** Every account, newest first, a page at a time. */
  page(query: PageQuery): Promise<Page<UserRecord>> {
    return this.users.page(query);
  }

  /** Deletes an account with everything of theirs, then the playlist covers no one else uses. */
  async delete(userId: string): Promise<void> {
    const outcome = await this.users.deleteAccount(userId, this.policy.deletableRoles);
    if (outcome.status === 'protected')
      throw new Forbidden(adminMessages.adminNotDeletable, 'admin_not_deletable');
    if (outcome.status === 'missing')
      throw new NotFound(adminMessages.userNotFound, 'user_not_found');
    // The account's sessions end with it, on every node.
    await this.sessions.forget({ kind: 'user', id: userId });
    for (const key of outcome.playlistCoverKeys) await this.covers.discard(key);
  }
}
