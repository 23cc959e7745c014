import type { Song } from '@cadenza/contract/songs';
import { startSong } from './audio-output';
import { usePlayer } from './player-store';

/** The song whose start the store has not taken in yet (see playSong). */
let pending: string | null = null;

/**
 * A click on a song's play button (SPEC.md §4: the current song toggles pause and play, another
 * one starts with the queue built from `list`). A new song's audio starts within the click; the
 * store, and so every render that follows from it, takes the change in the next task, so the
 * page's work does not hold back the audio request.
 */
export function playSong(song: Song, list: readonly Song[]): void {
  const state = usePlayer.getState();
  if (state.current?._id === song._id || pending === song._id) {
    if (pending === null) state.togglePlay();
    return;
  }
  if (!startSong(song, state, () => usePlayer.getState().playbackRefused())) {
    state.playFrom(song, list);
    return;
  }
  pending = song._id;
  setTimeout(() => {
    pending = null;
    usePlayer.getState().playFrom(song, list);
  }, 0);
}
