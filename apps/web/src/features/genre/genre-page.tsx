import { GENRES, type Genre } from '@cadenza/contract/songs';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useGenreSongs } from '@/api/songs/get-genre-songs';
import { EmptyState } from '@/components/empty-state';
import { PageHeading, PageSection } from '@/components/page-heading';
import { PagedResults, useLoadNextPage, usePagedItems } from '@/components/paged-results';
import { PlayShuffleButtons } from '@/components/play-shuffle-buttons';
import { TrackListSkeleton } from '@/components/skeletons';
import { useSongActionsWithDialogs } from '@/components/song-actions/song-action-dialogs';
import { TrackList } from '@/components/track-list/track-list';
import { capitalize } from '@/lib/format';

function genreOf(value: string | undefined): Genre | null {
  return GENRES.find((genre) => genre === value) ?? null;
}

/** /genre/:genre: the songs of one genre, newest first, by cursor; `notFound` for any other name. */
export function GenrePage({ notFound }: { notFound: ReactNode }) {
  const genre = genreOf(useParams().genre);
  const songs = useGenreSongs(genre);
  const loaded = usePagedItems(songs);
  const loadNextPage = useLoadNextPage(songs);
  const { actions, dialogs } = useSongActionsWithDialogs();
  if (genre === null) return notFound;
  const label = capitalize(genre);
  return (
    <PageSection label={label}>
      <PageHeading
        title={label}
        subtitle="Songs of this genre, newest first"
        actions={loaded.length > 0 && <PlayShuffleButtons songs={loaded} />}
      />
      <PagedResults
        query={songs}
        skeleton={<TrackListSkeleton label={`Loading ${label} songs`} />}
        errorMessage={`${label} songs could not be loaded.`}
        empty={<EmptyState text={`No ${label} songs yet. They appear here once some are added.`} />}
        loadMore={false}
      >
        {(items) => (
          <TrackList
            songs={items}
            label={`${label} songs`}
            actions={actions}
            hasMore={songs.hasNextPage}
            loadingMore={songs.isFetchingNextPage}
            onLoadMore={loadNextPage}
          />
        )}
      </PagedResults>
      {dialogs}
    </PageSection>
  );
}
