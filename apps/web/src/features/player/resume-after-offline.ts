import { useEffect } from 'react';
import { fetchFreshSongs } from '@/lib/player/fresh-songs';
import { usePlayer } from '@/lib/player/player-store';
import { isOffline, selectIsOffline, useNetworkStatus } from '@/lib/network-status';

/** The media events that say the sound ran out of data or lost its source. */
const TROUBLE_EVENTS = ['stalled', 'waiting', 'error'] as const;

/** A song the lost network interrupted while it played: where, and whether its source failed. */
interface Interruption {
  songId: string;
  position: number;
  sourceFailed: boolean;
}

/**
 * Playback through a lost connection (docs/product.md §2): what is buffered plays on; a song that
 * ran out of data or lost its source while offline starts again from the same position once the
 * network is back. Works only through the player store's public actions (`refreshSongs`,
 * `seek`, `play`), and hears the media elements from the document (their events are caught on
 * the way down), so it knows nothing of how the engine holds them.
 */
export function useResumeAfterOffline(): void {
  useEffect(() => {
    let interruption: Interruption | null = null;

    const handleTrouble = (event: Event) => {
      if (!(event.target instanceof HTMLMediaElement)) return;
      // Online, waiting is ordinary buffering and an error is the engine's to handle.
      if (!isOffline() && navigator.onLine) return;
      const { current, position, isPlaying } = usePlayer.getState();
      if (!current) return;
      const sourceFailed = event.type === 'error';
      if (interruption?.songId === current._id) {
        interruption.sourceFailed ||= sourceFailed;
        return;
      }
      if (isPlaying) interruption = { songId: current._id, position, sourceFailed };
    };

    const resume = (stopped: Interruption) => {
      const player = usePlayer.getState();
      if (player.current?._id !== stopped.songId) return;
      player.seek(stopped.position);
      player.play();
    };

    const handleBackOnline = () => {
      const stopped = interruption;
      interruption = null;
      if (!stopped) return;
      if (!stopped.sourceFailed) {
        resume(stopped);
        return;
      }
      // The element gave its source up: a fresh address makes the engine load it again.
      fetchFreshSongs([stopped.songId])
        .then((songs) => {
          usePlayer.getState().refreshSongs(songs);
          resume(stopped);
        })
        .catch((error: unknown) => console.debug('Could not resume after the network', error));
    };

    for (const type of TROUBLE_EVENTS) document.addEventListener(type, handleTrouble, true);
    const unsubscribe = useNetworkStatus.subscribe((status, previous) => {
      if (selectIsOffline(previous) && !selectIsOffline(status)) handleBackOnline();
    });
    return () => {
      for (const type of TROUBLE_EVENTS) document.removeEventListener(type, handleTrouble, true);
      unsubscribe();
    };
  }, []);
}
