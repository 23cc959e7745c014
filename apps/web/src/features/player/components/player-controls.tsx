import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import PauseCircleFilledIcon from '@mui/icons-material/PauseCircleFilled';
import PlayCircleFilledIcon from '@mui/icons-material/PlayCircleFilled';
import RepeatOneIcon from '@mui/icons-material/RepeatOne';
import RepeatIcon from '@mui/icons-material/Repeat';
import ShuffleIcon from '@mui/icons-material/Shuffle';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import SkipPreviousIcon from '@mui/icons-material/SkipPrevious';
import VolumeDownIcon from '@mui/icons-material/VolumeDown';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Song } from '@cadenza/contract/songs';
import { useState } from 'react';
import { useToast } from '@/components/toast-context';
import { formatDuration } from '@/lib/format';
import { useLikedIds } from '@/api/songs/get-song-marks';
import { useToggleLike } from '@/api/songs/toggle-like';
import { usePlayer } from '@/lib/player/player-store';

const toggleOnSx = { color: 'primary.main' };
const toggleOffSx = { color: 'text.secondary' };

/** The like toggle of the current song; a failure shows docs/product.md §8's toast. */
export function PlayerLikeButton({
  song,
  size = 'medium',
}: {
  song: Song;
  size?: 'small' | 'medium' | 'large';
}) {
  const likedIds = useLikedIds();
  const toggleLike = useToggleLike();
  const toast = useToast();
  const liked = likedIds.has(song._id);
  return (
    <IconButton
      size={size}
      aria-label={liked ? 'Remove from Liked Songs' : 'Add to Liked Songs'}
      aria-pressed={liked}
      disabled={toggleLike.isPending}
      onClick={() =>
        toggleLike.mutate(song, { onError: () => toast.error('Failed to update Liked Songs') })
      }
      sx={liked ? { color: 'secondary.main' } : toggleOffSx}
    >
      {liked ? <FavoriteIcon fontSize="inherit" /> : <FavoriteBorderIcon fontSize="inherit" />}
    </IconButton>
  );
}

/** Shuffle, previous, play/pause, next, repeat. */
export function TransportControls({
  size = 'medium',
  onStart,
}: {
  size?: 'medium' | 'large';
  /** What Play does while nothing is current (the /player demo starts its sample). */
  onStart?: () => void;
}) {
  const isPlaying = usePlayer((state) => state.isPlaying);
  const hasCurrent = usePlayer((state) => state.current !== null);
  const shuffle = usePlayer((state) => state.shuffle);
  const repeat = usePlayer((state) => state.repeat);
  const canGoNext = usePlayer((state) => state.queue.length > 1);
  const { togglePlay, next, previous, toggleShuffle, toggleRepeat } = usePlayer.getState();
  const big = size === 'large';

  return (
    <Stack
      direction="row"
      spacing={big ? 2 : 0.5}
      sx={{ alignItems: 'center', justifyContent: 'center' }}
    >
      <Tooltip title={shuffle ? 'Shuffle on' : 'Shuffle off'}>
        <IconButton
          aria-label="Shuffle"
          aria-pressed={shuffle}
          onClick={toggleShuffle}
          sx={shuffle ? toggleOnSx : toggleOffSx}
        >
          <ShuffleIcon fontSize={big ? 'medium' : 'small'} />
        </IconButton>
      </Tooltip>
      <IconButton aria-label="Previous" onClick={previous}>
        <SkipPreviousIcon fontSize={big ? 'large' : 'medium'} />
      </IconButton>
      <IconButton
        aria-label={isPlaying ? 'Pause' : 'Play'}
        onClick={hasCurrent ? togglePlay : onStart}
        sx={{ color: 'text.primary', p: 0.25, '&:hover': { transform: 'scale(1.05)' } }}
      >
        {isPlaying ? (
          <PauseCircleFilledIcon sx={{ fontSize: big ? 72 : 44 }} />
        ) : (
          <PlayCircleFilledIcon sx={{ fontSize: big ? 72 : 44 }} />
        )}
      </IconButton>
      <IconButton aria-label="Next" onClick={next} disabled={!canGoNext}>
        <SkipNextIcon fontSize={big ? 'large' : 'medium'} />
      </IconButton>
      <Tooltip title={repeat ? 'Repeat on' : 'Repeat off'}>
        <IconButton
          aria-label="Repeat"
          aria-pressed={repeat}
          onClick={toggleRepeat}
          sx={repeat ? toggleOnSx : toggleOffSx}
        >
          {repeat ? (
            <RepeatOneIcon fontSize={big ? 'medium' : 'small'} />
          ) : (
            <RepeatIcon fontSize={big ? 'medium' : 'small'} />
          )}
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** Elapsed time, the seek slider, total time. Dragging does not fight the playing song. */
export function SeekBar({ fallbackDuration = 0 }: { fallbackDuration?: number }) {
  const position = usePlayer((state) => state.position);
  const duration = usePlayer(
    (state) => state.duration || state.current?.duration || fallbackDuration,
  );
  const seek = usePlayer((state) => state.seek);
  const [dragging, setDragging] = useState<number | null>(null);
  const value = Math.min(dragging ?? position, duration || 0);

  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', width: '100%' }}>
      <Typography
        variant="caption"
        sx={{
          color: 'text.secondary',
          minWidth: 40,
          textAlign: 'right',
          fontVariantNumeric: 'tabular-nums',
        }}
        aria-label="Elapsed time"
      >
        {formatDuration(value)}
      </Typography>
      <Slider
        size="small"
        aria-label="Seek"
        min={0}
        max={Math.max(duration, 1)}
        step={1}
        value={value}
        getAriaValueText={(seconds) => `${formatDuration(seconds)} of ${formatDuration(duration)}`}
        onChange={(_, next) => setDragging(next)}
        onChangeCommitted={(_, next) => {
          setDragging(null);
          seek(next);
        }}
        sx={{
          py: 1,
          '& .MuiSlider-thumb': {
            width: 12,
            height: 12,
            opacity: 0,
            transition: 'opacity 120ms ease',
          },
          '&:hover .MuiSlider-thumb, & .MuiSlider-thumb.Mui-focusVisible': { opacity: 1 },
          '@media (hover: none)': { '& .MuiSlider-thumb': { opacity: 1 } },
        }}
      />
      <Typography
        variant="caption"
        sx={{ color: 'text.secondary', minWidth: 40, fontVariantNumeric: 'tabular-nums' }}
        aria-label="Total time"
      >
        {formatDuration(duration)}
      </Typography>
    </Stack>
  );
}

export function MuteButton() {
  const volume = usePlayer((state) => state.volume);
  const muted = usePlayer((state) => state.muted);
  const toggleMute = usePlayer((state) => state.toggleMute);
  const silent = muted || volume === 0;
  return (
    <IconButton aria-label={muted ? 'Unmute' : 'Mute'} aria-pressed={muted} onClick={toggleMute}>
      {silent ? <VolumeOffIcon /> : volume < 0.5 ? <VolumeDownIcon /> : <VolumeUpIcon />}
    </IconButton>
  );
}

/** Volume 0–1 in steps of 0.01; moving it unmutes. */
export function VolumeSlider({ width = 110 }: { width?: number | string }) {
  const volume = usePlayer((state) => state.volume);
  const muted = usePlayer((state) => state.muted);
  const setVolume = usePlayer((state) => state.setVolume);
  return (
    <Box sx={{ width, display: 'flex', alignItems: 'center', px: 1 }}>
      <Slider
        size="small"
        aria-label="Volume"
        min={0}
        max={1}
        step={0.01}
        value={muted ? 0 : volume}
        getAriaValueText={(value) => `${Math.round(value * 100)}%`}
        onChange={(_, next) => setVolume(next)}
      />
    </Box>
  );
}
