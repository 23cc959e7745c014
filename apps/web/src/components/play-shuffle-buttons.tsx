import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ShuffleIcon from '@mui/icons-material/Shuffle';
import Button from '@mui/material/Button';
import type { Song } from '@cadenza/contract/songs';
import { usePlayer } from '@/lib/player/player-store';

/** Play a list from its first song in order, or shuffled from a random one. */
export function PlayShuffleButtons({ songs }: { songs: readonly Song[] }) {
  const start = (shuffle: boolean) => {
    const player = usePlayer.getState();
    if (player.shuffle !== shuffle) player.toggleShuffle();
    const index = shuffle ? Math.floor(Math.random() * songs.length) : 0;
    const first = songs[index];
    if (first) usePlayer.getState().playFrom(first, songs);
  };
  const disabled = songs.length === 0;
  return (
    <>
      <Button
        variant="contained"
        startIcon={<PlayArrowIcon />}
        disabled={disabled}
        onClick={() => start(false)}
      >
        Play
      </Button>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<ShuffleIcon />}
        disabled={disabled}
        onClick={() => start(true)}
      >
        Shuffle
      </Button>
    </>
  );
}
