import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { forwardRef } from 'react';
import { CoverImage } from '@/components/cover-image';
import { songArtist, songTitle } from '@/components/song-card';
import { usePlayer } from '@/lib/player/player-store';
import {
  MuteButton,
  PlayerLikeButton,
  SeekBar,
  TransportControls,
  VolumeSlider,
} from './player-controls';

/** The player fixed at the bottom of every page once a song is current. */
export const BottomPlayer = forwardRef<
  HTMLDivElement,
  { queueOpen: boolean; onToggleQueue: () => void }
>(function BottomPlayer({ queueOpen, onToggleQueue }, ref) {
  const song = usePlayer((state) => state.current);
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const roomyCompact = useMediaQuery(theme.breakpoints.up('sm'), { noSsr: true });
  if (!song) return null;
  const title = songTitle(song);
  const artist = songArtist(song);

  const queueButton = (
    <IconButton
      aria-label="Queue"
      aria-pressed={queueOpen}
      onClick={onToggleQueue}
      sx={{ color: queueOpen ? 'primary.main' : 'text.secondary' }}
    >
      <QueueMusicIcon />
    </IconButton>
  );

  return (
    <Paper
      ref={ref}
      component="section"
      aria-label="Player"
      square
      elevation={0}
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar + 1,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: (theme) => alpha(theme.palette.background.paper, 0.92),
        backdropFilter: 'blur(16px)',
        px: { xs: 1.5, md: 2 },
        pt: { xs: 1, md: 1 },
        pb: { xs: 'max(8px, env(safe-area-inset-bottom))', md: 1 },
      }}
    >
      <Box
        sx={{
          display: 'grid',
          alignItems: 'center',
          gap: { xs: 0.5, md: 2 },
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 2fr) minmax(0, 1fr)' },
          maxWidth: 1920,
          mx: 'auto',
        }}
      >
        {/* Now playing */}
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Box
            sx={{
              width: { xs: 48, md: 56 },
              flexShrink: 0,
              borderRadius: 1,
              overflow: 'hidden',
              boxShadow: 3,
            }}
          >
            <CoverImage src={song.coverImage} alt={`Cover of ${title}`} size={96} />
          </Box>
          <Box sx={{ minWidth: 0, flex: { xs: 1, md: '0 1 auto' } }}>
            <Typography
              noWrap
              title={title}
              sx={{ fontWeight: 700, fontSize: '0.95rem' }}
              data-testid="player-title"
            >
              {title}
            </Typography>
            <Typography noWrap title={artist} variant="body2" sx={{ color: 'text.secondary' }}>
              {artist}
            </Typography>
          </Box>
          <PlayerLikeButton song={song} size="small" />
          {compact && (
            <Stack direction="row" sx={{ alignItems: 'center', flexShrink: 0 }}>
              <MuteButton />
              {roomyCompact && <VolumeSlider width={96} />}
              {queueButton}
            </Stack>
          )}
        </Stack>

        {/* Transport and seek */}
        <Stack sx={{ alignItems: 'center', minWidth: 0 }}>
          <Box sx={{ order: { xs: 2, md: 1 } }}>
            <TransportControls />
          </Box>
          <Box sx={{ order: { xs: 1, md: 2 }, width: '100%', maxWidth: 720 }}>
            <SeekBar />
          </Box>
        </Stack>

        {!compact && (
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
            <MuteButton />
            <VolumeSlider />
            {queueButton}
          </Stack>
        )}
      </Box>
    </Paper>
  );
});
