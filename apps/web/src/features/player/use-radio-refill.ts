import { useEffect } from 'react';
import { usePlayer } from '@/lib/player/player-store';
import { radioRunningLow, refillRadio } from '@/lib/player/radio';

/**
 * Keeps a radio station endless: whenever its queue runs low, its next songs are fetched and
 * added to the end, one request at a time. A failed request is tried again at the next change of
 * the queue (the next song), never in a loop.
 */
export function useRadioRefill(): void {
  useEffect(() => {
    let fetching = false;
    const check = () => {
      const seed = radioRunningLow();
      if (!seed || fetching) return;
      fetching = true;
      refillRadio(seed)
        .catch(() => undefined)
        .finally(() => {
          fetching = false;
        });
    };
    check();
    return usePlayer.subscribe((state, before) => {
      if (state.queue !== before.queue || state.source !== before.source) check();
    });
  }, []);
}
