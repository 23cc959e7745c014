import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import {
  localDayField,
  STATS_PERIODS,
  type ListeningStats,
  type StatsPeriod,
} from '@cadenza/contract/listening-stats';
import { useSearchParams } from 'react-router';
import { useListeningStats } from '@/api/listening-stats/listening-stats';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeading, PageSection } from '@/components/page-heading';
import { ListeningCharts } from './components/listening-charts';
import { PeriodHeader } from './components/period-header';
import { StatFigures } from './components/stat-figures';
import { StatsLists } from './components/stats-lists';
import { TimeZoneLine } from './components/time-zone-line';
import { YearLinks } from './components/year-links';
import { formatCount, minutesOf, periodTitle, streakText } from './stats-format';
import { usePlayStatsList } from './use-play-stats-list';

const PERIOD_TABS: readonly { period: StatsPeriod; label: string }[] = [
  { period: 'week', label: 'Week' },
  { period: 'month', label: 'Month' },
  { period: 'year', label: 'Year' },
  { period: 'all', label: 'All time' },
];

function periodOf(value: string | null): StatsPeriod {
  return STATS_PERIODS.find((period) => period === value) ?? 'month';
}

/** A day of the address the server would refuse reads as no day: the period holding today. */
function atOf(value: string | null): string | null {
  return value !== null && localDayField.safeParse(value).success ? value : null;
}

export function statsPath(period: StatsPeriod, at: string | null): string {
  return `/stats?${new URLSearchParams(at === null ? { period } : { period, at })}`;
}

/**
 * /stats: the listener's week, month, year or all time (the period and a day of it in the
 * address, so a period can be linked): totals, streaks, when they listen, their top lists (each
 * playable) and their years in music (docs/product.md §12.14).
 */
export function StatsPage() {
  const [params, setParams] = useSearchParams();
  const period = periodOf(params.get('period'));
  const at = atOf(params.get('at'));
  const stats = useListeningStats(period, at);
  const show = (next: StatsPeriod, day: string | null) =>
    setParams(day === null ? { period: next } : { period: next, at: day });

  return (
    <PageSection label="Your stats">
      <PageHeading title="Your stats" subtitle={<TimeZoneLine />} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={period}
          onChange={(_event, next: StatsPeriod) => show(next, at)}
          aria-label="Period"
          variant="fullWidth"
          sx={{ maxWidth: 480 }}
        >
          {PERIOD_TABS.map((tab) => (
            <Tab
              key={tab.period}
              value={tab.period}
              label={tab.label}
              sx={{ minWidth: 0, px: 1, whiteSpace: 'nowrap' }}
            />
          ))}
        </Tabs>
      </Box>
      {stats.isPending ? (
        <Box role="status" aria-label="Loading your stats" aria-busy sx={{ mt: 3 }}>
          <Skeleton variant="text" sx={{ fontSize: '2rem', maxWidth: 280, mx: 'auto' }} />
          <Skeleton variant="rounded" height={96} sx={{ mt: 2 }} />
          <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />
        </Box>
      ) : stats.isError ? (
        <LoadError
          message="Your stats could not be loaded."
          retrying={stats.isFetching}
          onRetry={() => stats.refetch()}
        />
      ) : (
        <Box
          aria-busy={stats.isPlaceholderData}
          sx={{ opacity: stats.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
        >
          <PeriodHeader
            period={stats.data.period}
            title={periodTitle(stats.data.period, stats.data.from)}
            // Where the arrows lead is known once the period shown is the one asked for.
            previousAt={stats.isPlaceholderData ? null : stats.data.previousAt}
            nextAt={stats.isPlaceholderData ? null : stats.data.nextAt}
            onMove={(day) => show(period, day)}
          />
          <PeriodStats stats={stats.data} />
        </Box>
      )}
      <YearLinks />
    </PageSection>
  );
}

function PeriodStats({ stats }: { stats: ListeningStats }) {
  const title = periodTitle(stats.period, stats.from);
  const play = usePlayStatsList({
    period: stats.period,
    at: stats.from,
    label: title,
    path: statsPath(stats.period, stats.from),
  });
  const { totals } = stats;
  if (totals.plays === 0) return <EmptyState text="No plays in this period yet" />;
  return (
    <Box sx={{ display: 'grid', gap: { xs: 3, md: 4 } }}>
      <StatFigures
        label="Totals"
        figures={[
          { label: 'Minutes listened', value: formatCount(minutesOf(totals.seconds)) },
          { label: 'Plays', value: formatCount(totals.plays) },
          { label: 'Days', value: formatCount(totals.days) },
          { label: 'Songs', value: formatCount(totals.songs) },
          { label: 'Artists', value: formatCount(totals.artists) },
        ]}
      />
      <StatFigures
        label="Streaks"
        figures={[
          { label: 'Current streak', value: streakText(stats.currentStreak) },
          { label: 'Longest streak', value: streakText(stats.longestStreak) },
        ]}
      />
      <ListeningCharts byHour={stats.byHour} byWeekday={stats.byWeekday} />
      <StatsLists lists={stats} onPlay={play} headingLevel={3} />
    </Box>
  );
}
