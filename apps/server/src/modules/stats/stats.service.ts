import type { MemberRecord, SiteCounts, StatsRepository } from './stats.repository';

export const RECENT_USERS_SHOWN = 5;

/** The landing page's counts: the site's size and its newest members. */
export interface QuickStatsRecord {
  readonly counts: SiteCounts;
  readonly newestMembers: MemberRecord[];
}

/** The site's counts: public ones for the landing page, and the admin dashboard's. */
export class StatsService {
  constructor(private readonly stats: StatsRepository) {}

  /** Anyone may read these: counts, and the newest members by name only. */
  async quick(): Promise<QuickStatsRecord> {
    const [counts, newestMembers] = await Promise.all([
      this.stats.counts(),
      this.stats.newestMembers(RECENT_USERS_SHOWN),
    ]);
    return { counts, newestMembers };
  }

  /** The admin dashboard's totals and songs by genre. */
  overview(): Promise<SiteCounts> {
    return this.stats.counts();
  }
}
