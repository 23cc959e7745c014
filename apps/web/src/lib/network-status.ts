import { create } from 'zustand';

/**
 * Whether the app can reach the network: the browser's own word (`navigator.onLine` and its
 * `online`/`offline` events) and what the last API request met (a network error, or an answer).
 * The offline banner shows while either says no; the player resumes a song the loss stalled
 * once both say yes again.
 */
interface NetworkStatus {
  browserOnline: boolean;
  requestsFailing: boolean;
}

export const useNetworkStatus = create<NetworkStatus>(() => ({
  // A page rendered at build time has no navigator: it is drawn online.
  browserOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
  requestsFailing: false,
}));

export const selectIsOffline = (status: NetworkStatus): boolean =>
  !status.browserOnline || status.requestsFailing;

export function isOffline(): boolean {
  return selectIsOffline(useNetworkStatus.getState());
}

/** What one API request met: an answer of any status (reached) or a network error (not). */
export function reportRequestReached(reached: boolean): void {
  if (useNetworkStatus.getState().requestsFailing === !reached) return;
  useNetworkStatus.setState({ requestsFailing: !reached });
}

/**
 * Follows the browser's `online`/`offline` events until the answer is called. Coming back online
 * also forgets failed requests: the next one says again whether the server is reached.
 */
export function watchBrowserConnection(): () => void {
  const update = () => {
    const online = navigator.onLine;
    useNetworkStatus.setState(
      online ? { browserOnline: true, requestsFailing: false } : { browserOnline: false },
    );
  };
  update();
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
}
