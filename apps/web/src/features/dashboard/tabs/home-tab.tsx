import type { Song } from '@cadenza/contract/songs';
import type { SongActions } from '@/components/song-actions/use-song-actions';
import { HomeRows } from '../components/home-rows';
import { EmptyState, SongSection } from '../components/song-section';
import type { SongView } from '../hooks/use-song-view';

/**
 * Home: Recently Played (when there is any), Popular Songs, then the rows of albums, playlists,
 * artists and genres. docs/product.md §4: the queue comes from recently played if any, else all songs.
 */
export function HomeTab({
  view,
  recentSongs,
  popularSongs,
  allSongs,
  actions,
}: {
  view: SongView;
  recentSongs: readonly Song[];
  popularSongs: readonly Song[];
  allSongs: readonly Song[];
  actions: SongActions;
}) {
  const homeList = recentSongs.length > 0 ? recentSongs : allSongs;
  return (
    <>
      {recentSongs.length > 0 && (
        <SongSection
          view={view}
          title="Recently Played"
          songs={recentSongs}
          queueList={homeList}
          actions={actions}
          firstOnPage
        />
      )}
      <SongSection
        view={view}
        title="Popular Songs"
        songs={popularSongs}
        queueList={homeList}
        actions={actions}
        empty={<EmptyState text="No songs available" />}
        firstOnPage={recentSongs.length === 0}
      />
      <HomeRows actions={actions} />
    </>
  );
}
