import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { Song } from '@cadenza/contract/songs';
import { useRef } from 'react';
import { contextMenuTargetSx } from '@/components/context-menu/use-context-menu';
import { CoverImage } from '@/components/cover-image';
import { songArtist, songTitle } from '@/components/song-card';
import { TAB_BAR_HEIGHT_VARIABLE, useBottomBarHeight } from '@/lib/bottom-bars';
import { usePlayer } from '@/lib/player/player-store';
import { useQueueView } from '@/lib/player/queue-view';
import { useCurrentSongMenu } from './current-song-menu';
import { PlayerLikeButton } from './player-controls';

/** The card's own height; with its margin the whole bar stays within 64 px. */
export const MINI_PLAYER_HEIGHT = 56;

/** How far into the song, as a thin line along the card's bottom edge. */
function ProgressLine() {
  const position = usePlayer((state) => state.position);
  const duration = usePlayer((state) => state.duration || state.current?.duration || 0);
  const fraction = duration > 0 ? Math.min(1, position / duration) : 0;
  return (
    <Box
      aria-hidden
      sx={{
        position: 'absolute',
        left: 8,
        right: 8,
        bottom: 0,
        height: 2,
        borderRadius: 1,
        bgcolor: (theme) => alpha(theme.palette.common.white, 0.16),
        overflow: 'hidden',
      }}
    >
      <Box
        sx={{
          height: '100%',
          bgcolor: 'text.primary',
          transformOrigin: 'left',
          transform: `scaleX(${fraction})`,
        }}
      />
    </Box>
  );
}

/**
 * The phone's form of the bottom player (docs/product.md §2): one row above the tab bar with the cover,
 * title and artist, like and play/pause. Tapping the row opens the now-playing sheet (`onOpen`),
 * which has every control; a long-press (or a right-click) opens the song's menu.
 */
export function MiniPlayer({ song, onOpen }: { song: Song; onOpen: () => void }) {
  const ref = useRef<HTMLElement>(null);
  useBottomBarHeight('player', ref);
  const isPlaying = usePlayer((state) => state.isPlaying);
  const togglePlay = usePlayer((state) => state.togglePlay);
  const title = songTitle(song);
  const artist = songArtist(song);
  const { targetProps, menus } = useCurrentSongMenu(song);

  return (
    <Box
      ref={ref}
      component="section"
      aria-label="Player"
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: `var(${TAB_BAR_HEIGHT_VARIABLE}, 0px)`,
        zIndex: (theme) => theme.zIndex.appBar + 1,
        px: 1,
        pb: 0.5,
      }}
    >
      <Paper
        elevation={0}
        {...targetProps}
        sx={{
          ...contextMenuTargetSx,
          position: 'relative',
          height: MINI_PLAYER_HEIGHT,
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          pl: 1,
          pr: 0.5,
          borderRadius: 2,
          bgcolor: (theme) => alpha(theme.palette.background.paper, 0.96),
          border: 1,
          borderColor: 'divider',
          boxShadow: '0 8px 24px rgba(0, 0, 0, 0.5)',
          backdropFilter: 'blur(16px)',
        }}
      >
        <ButtonBase
          aria-label={`Open player: ${title} by ${artist}`}
          aria-haspopup="dialog"
          onClick={onOpen}
          sx={{
            flex: 1,
            minWidth: 0,
            display: 'flex',
            justifyContent: 'flex-start',
            alignItems: 'center',
            gap: 1.25,
            alignSelf: 'stretch',
            textAlign: 'left',
            color: 'inherit',
            borderRadius: 1.5,
            '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
          }}
        >
          <Box sx={{ width: 40, flexShrink: 0, borderRadius: 1, overflow: 'hidden' }}>
            <CoverImage src={song.coverImage} alt="" size={96} />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography
              noWrap
              sx={{ fontWeight: 700, fontSize: '0.875rem', lineHeight: 1.3 }}
              data-testid="player-title"
            >
              {title}
            </Typography>
            <Typography
              noWrap
              variant="body2"
              sx={{ color: 'text.secondary', fontSize: '0.8125rem', lineHeight: 1.3 }}
            >
              {artist}
            </Typography>
          </Box>
        </ButtonBase>
        <PlayerLikeButton song={song} />
        <IconButton aria-label={isPlaying ? 'Pause' : 'Play'} onClick={togglePlay}>
          {isPlaying ? <PauseIcon /> : <PlayArrowIcon />}
        </IconButton>
        <IconButton aria-label="Queue" onClick={() => useQueueView.getState().setOpen(true)}>
          <QueueMusicIcon />
        </IconButton>
        <ProgressLine />
      </Paper>
      {menus}
    </Box>
  );
}
