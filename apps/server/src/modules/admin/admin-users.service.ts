import { adminMessages, type AdminStats } from '@cadenza/contract/admin';
import type { User } from '@cadenza/contract/auth';
import { Forbidden, NotFound } from '../../errors';
import type { KeysetPageRequest } from '../../paging';
import type { Page } from '../../paging';
import type { QuickStatsRepository } from '../general/quick-stats.repository';
import type { CoverImages } from '../media/cover-images';
import type { UsersRepository } from '../users/users.repository';

/** The admin dashboard's counts and its user management (DESIGN.md §7: admins stay). */
export class AdminUsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly stats: QuickStatsRepository,
    private readonly covers: CoverImages,
  ) {}

  async readStats(): Promise<AdminStats> {
    const { stats, popularGenres } = await this.stats.read();
    return { totalUsers: stats.users, totalSongs: stats.songs, songsByGenre: popularGenres };
  }

  list(request: KeysetPageRequest): Promise<Page<User>> {
    return this.users.page(request);
  }

  /** Deletes a listener with everything of theirs, then the playlist covers no one else uses. */
  async delete(userId: string): Promise<void> {
    const outcome = await this.users.deleteNonAdmin(userId);
    if (outcome.status === 'admin')
      throw new Forbidden(adminMessages.adminNotDeletable, 'admin_not_deletable');
    if (outcome.status === 'missing')
      throw new NotFound(adminMessages.userNotFound, 'user_not_found');
    for (const key of outcome.playlistCoverKeys) await this.covers.discard(key);
  }
}
