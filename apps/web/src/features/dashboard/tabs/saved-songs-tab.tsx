import type { Song } from '@cadenza/contract/songs';
import { PagedResults } from '@/components/paged-results';
import type { SongActions } from '@/components/song-actions/use-song-actions';
import { useSavedSongs } from '@/api/songs/get-saved-songs';
import { Loading } from '../components/loading';
import { EmptyState, SongSection } from '../components/song-section';
import type { SongView } from '../hooks/use-song-view';

const NO_SONGS: Song[] = [];

/** The tab titled Library: the songs the listener saved, a page at a time. */
export function SavedSongsTab({ view, actions }: { view: SongView; actions: SongActions }) {
  const saved = useSavedSongs();
  const savedSection = (items: readonly Song[]) => (
    <SongSection
      view={view}
      title="Library"
      songs={items}
      actions={actions}
      empty={<EmptyState text="Your library is empty" />}
    />
  );
  return (
    <PagedResults
      query={saved}
      skeleton={<Loading label="Loading your library" />}
      errorMessage="Your library could not be loaded."
      empty={savedSection(NO_SONGS)}
    >
      {savedSection}
    </PagedResults>
  );
}
