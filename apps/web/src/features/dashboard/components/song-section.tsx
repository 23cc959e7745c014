import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Song } from '@cadenza/contract/songs';
import type { ReactNode } from 'react';
import { CardGrid, CardGridItem, useInViewCoverLoad } from '@/components/song-grid';
import type { SongActions } from '@/components/song-actions/use-song-actions';
import { lazyComponent } from '@/lib/lazy-component';
import type { SongView } from '../hooks/use-song-view';
import { QueueSongCard } from '@/components/queue-song-card';

// The dense list is the other view: its code loads when it is chosen (the grid is the default).
const trackList = lazyComponent(() =>
  import('@/components/track-list/track-list').then((m) => m.TrackList),
);

/** A titled grid of song cards, or its empty text. */
export function SongSection({
  title,
  songs,
  queueList = songs,
  actions,
  empty,
  action,
  view = 'grid',
  firstOnPage = false,
}: {
  title: string;
  songs: readonly Song[];
  /** The list a chosen song's queue is built from (docs/product.md §4: the active tab's list). */
  queueList?: readonly Song[];
  actions: SongActions;
  empty?: ReactNode;
  action?: ReactNode;
  /** Cards, or a dense track list. */
  view?: SongView;
  /** The page's top section: the covers in view load at once (song-grid.tsx). */
  firstOnPage?: boolean;
}) {
  const inViewCoverLoad = useInViewCoverLoad();
  return (
    <Box component="section" aria-label={title} sx={{ mb: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h5" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {songs.length === 0 ? (
        empty
      ) : view === 'list' ? (
        <trackList.Component songs={songs} queue={queueList} label={title} actions={actions} />
      ) : (
        <CardGrid label={title}>
          {songs.map((song, index) => (
            <CardGridItem key={song._id}>
              <QueueSongCard
                song={song}
                list={queueList}
                actions={actions}
                coverLoad={firstOnPage ? inViewCoverLoad(index) : undefined}
              />
            </CardGridItem>
          ))}
        </CardGrid>
      )}
    </Box>
  );
}

export { EmptyState } from '@/components/empty-state';
