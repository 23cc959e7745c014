import type { Song } from '@cadenza/contract/songs';
import { startSong } from './audio-output';
import { usePlayer } from './player-store';
import { useStartingSong } from './starting-song';

/**
 * How long the store waits for the sound before it takes the new song anyway (a stalled
 * network): the player bar then shows it while the element keeps trying.
 */
const LONGEST_WAIT_MS = 1000;

/**
 * When the sound has not come by then, the clicked card shows its song started (and the card of
 * the song it replaces, stopped). Sooner would put a render in the way of the audio on most
 * clicks; later would leave a slow start without feedback.
 */
const FEEDBACK_AFTER_MS = 100;

interface PendingStart {
  song: Song;
  list: readonly Song[];
  timers: ReturnType<typeof setTimeout>[];
}

/** The start the store has not taken in yet (see playSong). */
let pending: PendingStart | null = null;

function forgetPending(): PendingStart | null {
  const start = pending;
  if (!start) return null;
  for (const timer of start.timers) clearTimeout(timer);
  pending = null;
  if (useStartingSong.getState().songId !== null) {
    useStartingSong.setState({ songId: null, replacedId: null });
  }
  return start;
}

/** The store takes the pending start, if it is still `song`'s. */
function commit(song: Song): void {
  if (pending?.song !== song) return;
  const start = forgetPending();
  if (start) usePlayer.getState().playStarted(start.song, start.list);
}

/**
 * A click on a song's play button (docs/product.md §4: the current song toggles pause and play, another
 * one starts with the queue built from `list`). A new song's audio starts within the click; the
 * store, and so the render of the player bar and of every card that follows it, takes the change
 * once the sound plays (or playback is refused), so that no render holds the main thread while
 * the audio loads. A slow start shows on the cards of the new and the replaced song only.
 */
export function playSong(song: Song, list: readonly Song[]): void {
  if (pending?.song._id === song._id) {
    // Clicked again before the sound came: the song is current now, and the click pauses it.
    commit(pending.song);
    usePlayer.getState().togglePlay();
    return;
  }
  const state = usePlayer.getState();
  if (!pending && state.current?._id === song._id) {
    state.togglePlay();
    return;
  }
  forgetPending();
  const started = startSong(
    song,
    state,
    () => {
      commit(song);
      usePlayer.getState().playbackRefused();
    },
    () => commit(song),
  );
  if (!started) {
    state.playFrom(song, list);
    return;
  }
  const replacedId = state.current?._id ?? null;
  pending = {
    song,
    list,
    timers: [
      setTimeout(
        () => useStartingSong.setState({ songId: song._id, replacedId }),
        FEEDBACK_AFTER_MS,
      ),
      setTimeout(() => commit(song), LONGEST_WAIT_MS),
    ],
  };
}
