import ImageIcon from '@mui/icons-material/Image';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { YearInMusic } from '@cadenza/contract/listening-stats';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useYearInMusic } from '@/api/listening-stats/listening-stats';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeading, PageSection } from '@/components/page-heading';
import { StatusPage } from '@/components/status-page';
import { useToast } from '@/components/toast-context';
import { ApiError } from '@/lib/api-client';
import { BarChart } from './components/bar-chart';
import { StatFigures } from './components/stat-figures';
import { StatsLists } from './components/stats-lists';
import { yearInMusicPath, yearInMusicTitle } from './components/year-links';
import { YearSwitcher } from './components/year-switcher';
import { saveRecapImage } from './save-recap-image';
import {
  formatCount,
  fullDate,
  hourLabel,
  minutesOf,
  minutesText,
  monthName,
  playsText,
  streakText,
  WEEKDAYS,
} from './stats-format';
import { usePlayStatsList } from './use-play-stats-list';

/**
 * /stats/years/:year — a year told as a recap: its big figures, top fives, discoveries, months,
 * busiest day, favourite hour and weekday and longest streak; saved as a picture to share
 * (docs/product.md §12.14).
 */
export function YearInMusicPage() {
  const { year = '' } = useParams();
  if (!/^\d{4}$/.test(year)) return <YearNotFound />;
  return <YearRecap year={Number(year)} />;
}

function YearNotFound() {
  return (
    <StatusPage
      icon={<SearchOffIcon />}
      title="Year Not Found"
      description="There is no year in music at this address."
    >
      <title>Year Not Found · Cadenza</title>
    </StatusPage>
  );
}

function YearRecap({ year }: { year: number }) {
  const recap = useYearInMusic(year);
  const title = yearInMusicTitle(year, new Date().getFullYear());
  // A year the server does not count (before 1970).
  if (recap.isError && recap.error instanceof ApiError && recap.error.status === 400)
    return <YearNotFound />;

  return (
    <PageSection label={title}>
      <PageHeading
        title={title}
        subtitle={recap.data && `Days follow ${recap.data.timeZone} time`}
        actions={
          recap.data && recap.data.totals.plays > 0 && <SaveImageButton recap={recap.data} />
        }
      />
      <YearSwitcher year={year} />
      {recap.isPending ? (
        <Box role="status" aria-label="Loading your year in music" aria-busy>
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={240} sx={{ mt: 2 }} />
        </Box>
      ) : recap.isError ? (
        <LoadError
          message="Your year in music could not be loaded."
          retrying={recap.isFetching}
          onRetry={() => recap.refetch()}
        />
      ) : recap.data.totals.plays === 0 ? (
        <EmptyState text={`No plays in ${year}`} />
      ) : (
        <Recap recap={recap.data} />
      )}
    </PageSection>
  );
}

function SaveImageButton({ recap }: { recap: YearInMusic }) {
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const save = () => {
    setSaving(true);
    saveRecapImage(recap)
      .catch(() => toast.error('The picture could not be saved'))
      .finally(() => setSaving(false));
  };
  return (
    <Button variant="contained" startIcon={<ImageIcon />} disabled={saving} onClick={save}>
      Save as image
    </Button>
  );
}

function Recap({ recap }: { recap: YearInMusic }) {
  const play = usePlayStatsList({
    period: 'year',
    at: `${recap.year}-01-01`,
    label: `${recap.year} in music`,
    path: yearInMusicPath(recap.year),
  });
  const { totals, busiestDay, favouriteHour, favouriteWeekday } = recap;
  return (
    <Box sx={{ display: 'grid', gap: { xs: 4, md: 5 } }}>
      <StatFigures
        big
        label="Your year in figures"
        figures={[
          { label: 'Minutes listened', value: formatCount(minutesOf(totals.seconds)) },
          { label: 'Plays', value: formatCount(totals.plays) },
          { label: 'Days', value: formatCount(totals.days) },
          { label: 'Songs', value: formatCount(totals.songs) },
          { label: 'Artists', value: formatCount(totals.artists) },
        ]}
      />
      <StatsLists lists={recap} onPlay={play} headingLevel={2} />
      <BarChart
        title="Listening by month"
        bars={recap.months.map((month) => ({
          key: month.month,
          name: `${monthName(month.month)} — ${minutesText(month.seconds)}`,
          label: monthName(month.month).slice(0, 3),
          value: month.seconds,
        }))}
      />
      <Box>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
          Highlights
        </Typography>
        <StatFigures
          label="Highlights"
          figures={[
            {
              label: 'Busiest day',
              value: busiestDay ? fullDate(busiestDay.day) : 'None',
              detail: busiestDay
                ? `${minutesText(busiestDay.seconds)}, ${playsText(busiestDay.plays)}`
                : undefined,
            },
            {
              label: 'Favourite hour',
              value: favouriteHour === null ? 'None' : hourLabel(favouriteHour),
            },
            {
              label: 'Favourite weekday',
              value: favouriteWeekday === null ? 'None' : (WEEKDAYS[favouriteWeekday] ?? 'None'),
            },
            { label: 'Longest streak', value: streakText(recap.longestStreak) },
          ]}
        />
      </Box>
    </Box>
  );
}
