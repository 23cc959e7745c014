import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useSongLyrics } from '@/api/songs/get-song-lyrics';
import { usePlayer } from '@/lib/player/player-store';
import { UntimedLyrics } from './untimed-lyrics';
import { SyncedLyrics } from './synced-lyrics';

/**
 * The current song's lyrics, filling the box it is put in (a flex container): synced ones follow
 * the song, plain ones are the text; otherwise what there is to say (loading, none, failed).
 */
export function LyricsView() {
  const songId = usePlayer((state) => state.current?._id);
  return (
    <Box
      component="section"
      aria-label="Lyrics"
      sx={{ flex: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' }}
    >
      {/* A new song starts a new view: its scrolling follows from the top again. */}
      {songId && <SongLyrics key={songId} songId={songId} />}
    </Box>
  );
}

function SongLyrics({ songId }: { songId: string }) {
  const lyrics = useSongLyrics(songId);

  if (lyrics.isPending) {
    return (
      <Centered>
        <CircularProgress size={28} aria-label="Loading lyrics" />
      </Centered>
    );
  }
  if (lyrics.isError) {
    return (
      <Centered>
        <Typography sx={{ color: 'error.main' }}>Failed to load lyrics</Typography>
        <Button size="small" onClick={() => void lyrics.refetch()}>
          Retry
        </Button>
      </Centered>
    );
  }
  if (!lyrics.data || lyrics.data.lines.length === 0) {
    return (
      <Centered>
        <Typography sx={{ color: 'text.secondary' }}>No lyrics</Typography>
      </Centered>
    );
  }
  const { synced, lines } = lyrics.data;
  return synced ? <SyncedLyrics lines={lines} /> : <UntimedLyrics lines={lines} />;
}

function Centered({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        p: 3,
        textAlign: 'center',
      }}
    >
      {children}
    </Box>
  );
}
