import type { AdminStats } from '@cadenza/contract/admin';
import type { QuickStats } from '@cadenza/contract/stats';
import type { GenreCount, SiteCounts } from './stats.repository';
import type { QuickStatsRecord } from './stats.service';

function presentGenreCount(entry: GenreCount): { _id: string; count: number } {
  return { _id: entry.genre, count: entry.count };
}

/** GET /api/general/stats/quick. */
export function presentQuickStats({ counts, newestMembers }: QuickStatsRecord): QuickStats {
  return {
    stats: { users: counts.users, songs: counts.songs },
    popularGenres: counts.songsByGenre.map(presentGenreCount),
    recentUsers: newestMembers.map((member) => ({
      name: member.name,
      createdAt: member.createdAt,
    })),
  };
}

/** GET /api/admin/stats. */
export function presentAdminStats(counts: SiteCounts): AdminStats {
  return {
    totalUsers: counts.users,
    totalSongs: counts.songs,
    songsByGenre: counts.songsByGenre.map(presentGenreCount),
  };
}
