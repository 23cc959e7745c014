import { useLikedSongs } from '@/api/songs/get-liked-songs';
import { useSongMarks } from '@/api/songs/get-song-marks';
import { EmptyState } from '@/components/empty-state';
import { PageHeading } from '@/components/page-heading';
import { PagedResults, usePagedItems, useLoadNextPage } from '@/components/paged-results';
import { PlayShuffleButtons } from '@/components/play-shuffle-buttons';
import { songCountLabel } from '@/components/playlist-card';
import { TrackListSkeleton } from '@/components/skeletons';
import { useSongActionsWithDialogs } from '@/components/song-actions/song-action-dialogs';
import { TrackList } from '@/components/track-list/track-list';

/** The Songs tab of /library/liked: the songs the listener liked, newest like first, by cursor. */
export function LikedSongsPanel() {
  const liked = useLikedSongs();
  const marks = useSongMarks();
  const loaded = usePagedItems(liked);
  const loadNextPage = useLoadNextPage(liked);
  const { actions, dialogs } = useSongActionsWithDialogs();
  const count = marks.data?.liked.length;
  return (
    <>
      <PageHeading
        title="Liked Songs"
        subtitle={count === undefined ? undefined : songCountLabel(count)}
        actions={loaded.length > 0 && <PlayShuffleButtons songs={loaded} />}
      />
      <PagedResults
        query={liked}
        skeleton={<TrackListSkeleton label="Loading liked songs" />}
        errorMessage="Your liked songs could not be loaded."
        empty={
          <EmptyState text="You haven't liked any songs yet. Tap the heart on a song to find it here." />
        }
        loadMore={false}
      >
        {(items) => (
          <TrackList
            songs={items}
            label="Liked Songs"
            actions={actions}
            hasMore={liked.hasNextPage}
            loadingMore={liked.isFetchingNextPage}
            onLoadMore={loadNextPage}
          />
        )}
      </PagedResults>
      {dialogs}
    </>
  );
}
