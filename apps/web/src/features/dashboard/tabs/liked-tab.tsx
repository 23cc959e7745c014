import Button from '@mui/material/Button';
import type { Song } from '@cadenza/contract/songs';
import { PagedResults } from '@/components/paged-results';
import type { SongActions } from '@/components/song-actions/use-song-actions';
import { useLikedSongs } from '@/api/songs/get-liked-songs';
import { Loading } from '../components/loading';
import { EmptyState, SongSection } from '../components/song-section';
import type { SongView } from '../hooks/use-song-view';

const NO_SONGS: Song[] = [];

/** Liked Songs, a page at a time; with none, an invitation to browse. */
export function LikedTab({
  view,
  actions,
  onBrowse,
}: {
  view: SongView;
  actions: SongActions;
  onBrowse: () => void;
}) {
  const liked = useLikedSongs();
  const likedSection = (items: readonly Song[]) => (
    <SongSection
      view={view}
      title="Liked Songs"
      songs={items}
      actions={actions}
      empty={
        <EmptyState text="You haven't liked any songs yet">
          <Button variant="contained" onClick={onBrowse}>
            Browse Songs
          </Button>
        </EmptyState>
      }
    />
  );
  return (
    <PagedResults
      query={liked}
      skeleton={<Loading label="Loading liked songs" />}
      errorMessage="Your liked songs could not be loaded."
      empty={likedSection(NO_SONGS)}
    >
      {likedSection}
    </PagedResults>
  );
}
