import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Song } from '@cadenza/contract/songs';
import { alpha } from '@mui/material/styles';
import { useRef } from 'react';
import { BOTTOM_BAR_PLACEMENT } from '@/components/app-shell/bottom-bar-placement';
import { ArtistCredit } from '@/components/artist-credit';
import { CoverImage } from '@/components/cover-image';
import { songArtist, songTitle } from '@/components/song-card';
import { useBottomBarHeight } from '@/lib/bottom-bars';
import { CurrentSongMenuArea } from './current-song-menu';
import { PlayerSettingsButton } from './player-settings/player-settings-button';
import {
  MuteButton,
  PlayerLikeButton,
  SeekBar,
  TransportControls,
  VolumeSlider,
} from './player-controls';

/**
 * The player fixed at the bottom of every page once a song is current, on screens from md up
 * (a phone has the mini-player instead: see player-dock.tsx).
 */
export function BottomPlayer({
  song,
  queueOpen,
  onToggleQueue,
}: {
  song: Song;
  queueOpen: boolean;
  onToggleQueue: () => void;
}) {
  const ref = useRef<HTMLElement>(null);
  useBottomBarHeight('player', ref);
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
        ...BOTTOM_BAR_PLACEMENT,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: (theme) => alpha(theme.palette.background.paper, 0.92),
        backdropFilter: 'blur(16px)',
        px: 2,
        py: 1,
      }}
    >
      <Box
        sx={{
          display: 'grid',
          alignItems: 'center',
          gap: 2,
          gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2fr) minmax(0, 1fr)',
          maxWidth: 1920,
          mx: 'auto',
        }}
      >
        {/* Now playing */}
        <CurrentSongMenuArea song={song} title={title}>
          <Box
            sx={{
              width: 56,
              flexShrink: 0,
              borderRadius: 1,
              overflow: 'hidden',
              boxShadow: 3,
            }}
          >
            <CoverImage src={song.coverImage} alt={`Cover of ${title}`} size={96} />
          </Box>
          <Box sx={{ minWidth: 0, flex: '0 1 auto' }}>
            <Typography
              noWrap
              title={title}
              sx={{ fontWeight: 700, fontSize: '0.95rem' }}
              data-testid="player-title"
            >
              {title}
            </Typography>
            <Typography noWrap title={artist} variant="body2" sx={{ color: 'text.secondary' }}>
              <ArtistCredit song={song} />
            </Typography>
          </Box>
          <PlayerLikeButton song={song} size="small" />
        </CurrentSongMenuArea>

        {/* Transport and seek */}
        <Stack sx={{ alignItems: 'center', minWidth: 0 }}>
          <TransportControls />
          <Box sx={{ width: '100%', maxWidth: 720 }}>
            <SeekBar />
          </Box>
        </Stack>

        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
          <MuteButton />
          <VolumeSlider />
          <PlayerSettingsButton />
          {queueButton}
        </Stack>
      </Box>
    </Paper>
  );
}
