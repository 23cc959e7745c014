import { LONG_TRACK_SECONDS } from '@cadenza/contract/limits';
import type { Song } from '@cadenza/contract/songs';
import { getSongBookmark, removeSongBookmark, saveSongBookmark } from '@/api/player/bookmarks';
import { ApiError } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { usePlayer, type PlayerState } from './player-store';
import { useResumeOffer } from './resume-offer';

export { useResumeOffer };

/** While a long track plays, how often at most its place is kept (pauses and seeks keep it at once). */
export const BOOKMARK_SAVE_INTERVAL_MS = 15_000;
/** A place this early in a track is no place worth offering (nor keeping). */
export const MIN_RESUME_MS = 30_000;
/** A place this close to a track's end means it was heard to the end: its bookmark goes. */
export const FINISHED_MARGIN_MS = 30_000;

/** A finished track whose bookmark was already forgotten (heard to the end twice) is no failure. */
function unlessAlreadyGone(error: unknown): void {
  if (!(error instanceof ApiError && error.code === 'bookmark_not_found')) throw error;
}

export const isLongTrack = (song: Song) => song.duration >= LONG_TRACK_SECONDS;

const signedIn = () => {
  const { token, user } = useAuthStore.getState();
  return token !== null && user !== null;
};

/** Takes the offer: the track goes on from its kept place. */
export function resumeFromBookmark(): void {
  const { offer, setOffer } = useResumeOffer.getState();
  setOffer(null);
  const player = usePlayer.getState();
  if (offer && player.current?._id === offer.song._id) player.seek(offer.positionMs / 1000);
}

/** Turns the offer down: the track goes on from where it is. */
export function dismissResumeOffer(): void {
  useResumeOffer.getState().setOffer(null);
}

/**
 * Keeps the listener's place in long tracks (docs/product.md §12.7): saved as a bookmark while one
 * plays (every 15 seconds, and at once on a pause, a seek or leaving it), forgotten once it was
 * heard to the end, and, when it starts again, offered as "Resume at m:ss". The same bookmarks
 * apps keep with `createBookmark`. Returns the function that stops it.
 */
export function startBookmarkSync(): () => void {
  let lastSaveAt = 0;
  let checking: AbortController | undefined;

  const keep = (song: Song, positionSeconds: number) => {
    if (!signedIn() || !isLongTrack(song)) return;
    // While the offer is open, the place it offers is not overwritten by the fresh start.
    if (useResumeOffer.getState().offer?.song._id === song._id) return;
    const positionMs = Math.round(positionSeconds * 1000);
    lastSaveAt = Date.now();
    const done =
      positionMs >= song.durationMs - FINISHED_MARGIN_MS
        ? removeSongBookmark(song._id).catch(unlessAlreadyGone)
        : positionMs >= MIN_RESUME_MS
          ? saveSongBookmark(song._id, { positionMs })
          : Promise.resolve();
    done.catch((error: unknown) => console.debug('Could not keep the place in a track', error));
  };

  const offerFor = async (song: Song | null) => {
    checking?.abort();
    useResumeOffer.getState().setOffer(null);
    if (!song || !signedIn() || !isLongTrack(song)) return;
    const controller = new AbortController();
    checking = controller;
    try {
      const bookmark = await getSongBookmark(song._id, controller.signal);
      const player = usePlayer.getState();
      if (controller.signal.aborted || player.current?._id !== song._id || !bookmark) return;
      const place = bookmark.positionMs;
      const worthIt = place >= MIN_RESUME_MS && place < song.durationMs - FINISHED_MARGIN_MS;
      if (worthIt && player.position * 1000 < place - MIN_RESUME_MS) {
        useResumeOffer.getState().setOffer({ song, positionMs: place });
      }
    } catch (error) {
      if (!controller.signal.aborted) console.debug('Could not read the place in a track', error);
    }
  };

  const onChange = (state: PlayerState, previous: PlayerState) => {
    if (state.current?._id !== previous.current?._id) {
      if (previous.current) keep(previous.current, previous.position);
      void offerFor(state.current);
      return;
    }
    const song = state.current;
    if (!song || !isLongTrack(song)) return;
    const offer = useResumeOffer.getState().offer;
    // Moved on to the offered place (or past it) some other way: nothing left to offer.
    if (offer && state.position * 1000 >= offer.positionMs) dismissResumeOffer();
    const paused = previous.isPlaying && !state.isPlaying;
    const sought = state.seekRequest !== previous.seekRequest;
    if (paused || sought) keep(song, state.position);
    else if (state.isPlaying && Date.now() - lastSaveAt >= BOOKMARK_SAVE_INTERVAL_MS) {
      keep(song, state.position);
    }
  };

  const stopPlayer = usePlayer.subscribe(onChange);
  const stopAuth = useAuthStore.subscribe((state, previous) => {
    if (state.token !== previous.token) void offerFor(usePlayer.getState().current);
  });
  void offerFor(usePlayer.getState().current);
  return () => {
    stopPlayer();
    stopAuth();
    checking?.abort();
  };
}
