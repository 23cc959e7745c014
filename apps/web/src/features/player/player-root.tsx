import { Suspense, useEffect } from 'react';
import { lazyMuiComponent } from '@/components/lazy-mui-component';
import { prepareAudioElement } from '@/lib/player/audio-output';
import { usePlayer } from '@/lib/player/player-store';
import { startPlayerSync } from '@/lib/player/player-sync';

/** The audio engine, bottom bar and queue drawer: not needed to paint a page, so loaded after. */
export const playerDock = lazyMuiComponent(() => import('./player-dock').then((m) => m.PlayerDock));

/**
 * Mounts the player when a song is current (restored from storage, started on a page, or taken
 * over from another tab by the sync): before that it has nothing to play or show.
 */
export function PlayerRoot() {
  const hasSong = usePlayer((state) => state.current !== null);

  // Local storage and other tabs, from the start: another tab may start playing at any time.
  useEffect(() => startPlayerSync(), []);
  // The <audio> element is ready before the first click on a play button (see audio-output).
  useEffect(() => prepareAudioElement(), []);

  if (!hasSong) return null;
  // No fallback: the bar appears when its code has arrived; the page around it never waits.
  return (
    <Suspense fallback={null}>
      <playerDock.Component />
    </Suspense>
  );
}
