import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Song } from '@cadenza/contract/songs';
import type { SongActions } from '@/components/song-actions/use-song-actions';
import { TrackList } from '@/components/track-list/track-list';
import { Loading } from '../components/loading';
import { EmptyState } from '../components/song-section';
import { VirtualSongGrid } from '../components/virtual-song-grid';
import type { SongView } from '../hooks/use-song-view';

/** Browse: every song, a page at a time, as a track list or a grid of cards. */
export function BrowseTab({
  view,
  pending,
  songs,
  actions,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  view: SongView;
  pending: boolean;
  songs: readonly Song[];
  actions: SongActions;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const browseList = { songs, label: 'All Songs', actions, hasMore, loadingMore, onLoadMore };
  return (
    <Box component="section" aria-label="All Songs">
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        All Songs
      </Typography>
      {pending ? (
        <Loading label="Loading songs" />
      ) : songs.length === 0 ? (
        <EmptyState text="No songs available" />
      ) : view === 'list' ? (
        <TrackList {...browseList} />
      ) : (
        <VirtualSongGrid {...browseList} />
      )}
    </Box>
  );
}
