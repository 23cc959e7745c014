import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ShuffleIcon from '@mui/icons-material/Shuffle';
import Fab from '@mui/material/Fab';
import IconButton from '@mui/material/IconButton';
import type { Song } from '@cadenza/contract/songs';
import { usePlayer } from '@/lib/player/player-store';
import type { QueueSource } from '@/lib/player/queue';

/**
 * Play (or pause, while one of `songs` is the current song) and, optionally, Shuffle: the list
 * in a random order, shuffle staying on for what follows.
 */
export function PlayButtons({
  name,
  songs,
  source,
  shuffle = false,
}: {
  /** What is played, for the buttons' labels. */
  name: string;
  songs: readonly Song[];
  /** The page the songs are from, shown as "Next from" in the queue. */
  source: QueueSource;
  shuffle?: boolean;
}) {
  const currentId = usePlayer((state) => state.current?._id);
  const isPlaying = usePlayer((state) => state.isPlaying);
  const shuffleOn = usePlayer((state) => state.shuffle);
  const playingThese = currentId !== undefined && songs.some((song) => song._id === currentId);
  const first = songs[0];

  const play = () => {
    const player = usePlayer.getState();
    if (playingThese) player.togglePlay();
    else if (first) player.playFrom(first, songs, source);
  };

  const playShuffled = () => {
    const player = usePlayer.getState();
    if (!player.shuffle) player.toggleShuffle();
    const start = songs[Math.floor(Math.random() * songs.length)];
    if (start) player.playFrom(start, songs, source);
  };

  return (
    <>
      <Fab
        color="primary"
        aria-label={playingThese && isPlaying ? `Pause ${name}` : `Play ${name}`}
        disabled={!first}
        onClick={play}
        sx={{ boxShadow: 4 }}
      >
        {playingThese && isPlaying ? <PauseIcon /> : <PlayArrowIcon />}
      </Fab>
      {shuffle && (
        <IconButton
          aria-label={`Shuffle ${name}`}
          disabled={!first}
          onClick={playShuffled}
          sx={{ color: shuffleOn ? 'primary.main' : 'text.secondary' }}
        >
          <ShuffleIcon fontSize="large" />
        </IconButton>
      )}
    </>
  );
}
