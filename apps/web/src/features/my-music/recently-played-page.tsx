import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useRecentlyPlayed } from '@/api/songs/get-recently-played';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeading, PageSection } from '@/components/page-heading';
import { PlayShuffleButtons } from '@/components/play-shuffle-buttons';
import { TrackListSkeleton } from '@/components/skeletons';
import { useSongActionsWithDialogs } from '@/components/song-actions/song-action-dialogs';
import { TrackList } from '@/components/track-list/track-list';
import { formatTimeAgo } from '@/lib/format';

/** /library/recent: the songs the listener played, most recent first, with when. */
export function RecentlyPlayedPage() {
  const recent = useRecentlyPlayed();
  const { actions, dialogs } = useSongActionsWithDialogs();
  const entries = recent.data;
  const songs = useMemo(() => entries?.map((entry) => entry.song) ?? [], [entries]);
  const playedAt = useMemo(
    () => new Map(entries?.map((entry) => [entry.song._id, entry.playedAt])),
    [entries],
  );

  const body = () => {
    if (recent.isPending) return <TrackListSkeleton label="Loading recently played songs" />;
    if (recent.isError) {
      return (
        <LoadError
          message="Your recently played songs could not be loaded."
          retrying={recent.isFetching}
          onRetry={() => recent.refetch()}
        />
      );
    }
    if (songs.length === 0) {
      return <EmptyState text="Nothing played yet. Songs you play show up here, newest first." />;
    }
    return (
      <TrackList
        songs={songs}
        label="Recently Played"
        actions={actions}
        renderTrailing={(song) => (
          <Typography
            variant="body2"
            noWrap
            sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' } }}
          >
            {`played ${formatTimeAgo(playedAt.get(song._id) ?? '')}`}
          </Typography>
        )}
      />
    );
  };

  return (
    <PageSection label="Recently Played">
      <PageHeading
        title="Recently Played"
        subtitle="The songs you played lately, newest first"
        actions={songs.length > 0 && <PlayShuffleButtons songs={songs} />}
      />
      {body()}
      {dialogs}
    </PageSection>
  );
}
