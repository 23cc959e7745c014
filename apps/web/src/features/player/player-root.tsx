import { Suspense, useEffect } from 'react';
import { lazyMuiComponent } from '@/components/lazy-mui-component';
import { lazyComponent } from '@/lib/lazy-component';
import { prepareAudioElement } from '@/lib/player/audio-output';
import { usePlayer } from '@/lib/player/player-store';
import { startBookmarkSync } from '@/lib/player/bookmark-sync';
import { useResumeOffer } from '@/lib/player/resume-offer';
import { startPlayerSync } from '@/lib/player/player-sync';
import { useQueueOffer } from '@/lib/player/queue-offer';
import { startQueueSync } from '@/lib/player/queue-sync';
import { startSettingsSync } from '@/lib/player/settings-sync';
import { useAuthStore } from '@/lib/auth-store';
import { whenIdle } from '@/lib/when-idle';

/** The longest a signed-in page waits for an idle moment before it fetches the player's code. */
const PRELOAD_WAIT_MS = 3000;

/** The audio engine, bottom bar and queue drawer: not needed to paint a page, so loaded after. */
export const playerDock = lazyMuiComponent(() => import('./player-dock').then((m) => m.PlayerDock));

/** "Continue from <device>": loaded only when another device left a queue to continue. */
export const continueOffer = lazyMuiComponent(() =>
  import('./components/continue-offer').then((m) => m.ContinueOffer),
);

/** "Resume at m:ss": loaded only when a long track starts where the listener had stopped. */
export const resumeOffer = lazyMuiComponent(() =>
  import('./components/resume-offer').then((m) => m.ResumeOffer),
);

/** The lock screen's and media keys' view of the player, in a chunk of its own (no MUI). */
export const mediaSession = lazyComponent(() =>
  import('./media-session').then((m) => m.MediaSessionBridge),
);

/**
 * Mounts the player when a song is current (restored from storage, started on a page, or taken
 * over from another tab by the sync): before that it has nothing to play or show.
 */
export function PlayerRoot() {
  const hasSong = usePlayer((state) => state.current !== null);

  // Local storage and other tabs, from the start: another tab may start playing at any time.
  useEffect(() => startPlayerSync(), []);
  // The account's playback settings and queue, from any browser or app (docs/product.md §12).
  useEffect(() => startSettingsSync(), []);
  useEffect(() => startQueueSync(), []);
  // The place in long tracks, kept as the listener's bookmarks.
  useEffect(() => startBookmarkSync(), []);
  const offered = useQueueOffer((state) => state.offer !== null);
  const resumable = useResumeOffer((state) => state.offer !== null);
  // The <audio> element is ready before the first click on a play button (see audio-output).
  useEffect(() => prepareAudioElement(), []);
  // So is the player's code for a listener (songs' addresses at their streaming quality).
  const signedIn = useAuthStore((state) => state.token !== null);
  useEffect(() => {
    if (signedIn) return whenIdle(() => void playerDock.preload(), PRELOAD_WAIT_MS);
  }, [signedIn]);

  // No fallback: the bar appears when its code has arrived; the page around it never waits.
  return (
    <>
      {hasSong && (
        <Suspense fallback={null}>
          <mediaSession.Component />
        </Suspense>
      )}
      {hasSong && (
        <Suspense fallback={null}>
          <playerDock.Component />
        </Suspense>
      )}
      {offered && (
        <Suspense fallback={null}>
          <continueOffer.Component />
        </Suspense>
      )}
      {resumable && (
        <Suspense fallback={null}>
          <resumeOffer.Component />
        </Suspense>
      )}
    </>
  );
}
