import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Song } from '@cadenza/contract/songs';
import type { ReactNode } from 'react';
import { CardGrid, CardGridItem } from '@/components/song-grid';
import type { SongActions } from '../hooks/use-song-actions';
import { DashboardSongCard } from './dashboard-song-card';

/** A titled grid of song cards, or its empty text. */
export function SongSection({
  title,
  songs,
  queueList = songs,
  actions,
  empty,
  action,
}: {
  title: string;
  songs: readonly Song[];
  /** The list a chosen song's queue is built from (SPEC.md §4: the active tab's list). */
  queueList?: readonly Song[];
  actions: SongActions;
  empty?: ReactNode;
  action?: ReactNode;
}) {
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
      ) : (
        <CardGrid label={title}>
          {songs.map((song) => (
            <CardGridItem key={song._id}>
              <DashboardSongCard song={song} list={queueList} actions={actions} />
            </CardGridItem>
          ))}
        </CardGrid>
      )}
    </Box>
  );
}

/** The muted box an empty section shows, with an optional action. */
export function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <Box
      sx={{
        py: 6,
        px: 2,
        textAlign: 'center',
        borderRadius: 3,
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
      }}
    >
      <Typography sx={{ color: 'text.secondary', mb: children ? 2 : 0 }}>{text}</Typography>
      {children}
    </Box>
  );
}
