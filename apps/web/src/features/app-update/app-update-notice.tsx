import { useEffect } from 'react';
import { useToast } from '@/components/toast-context';
import { pageBuild, watchAppUpdates } from './app-updates';

export const UPDATE_AVAILABLE_MESSAGE = 'Update available';
export const RELOAD_LABEL = 'Reload';

/**
 * Installs the service worker of a production build once the page has loaded, and says so when
 * a new version is ready: "Update available — Reload". Nothing is reloaded until the listener
 * chooses to, so a page that is open (a song playing, a form half filled) is never broken.
 */
export function AppUpdateNotice() {
  const toast = useToast();
  useEffect(() => {
    const build = pageBuild();
    if (!build || !('serviceWorker' in navigator)) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    // After the page's own downloads: the worker then fetches every file of the build.
    const start = () => {
      if (cancelled) return;
      stop = watchAppUpdates({
        container: navigator.serviceWorker,
        build,
        onUpdateReady: (load) =>
          toast.info(UPDATE_AVAILABLE_MESSAGE, {
            key: 'app-update',
            autoHideDuration: null,
            action: { label: RELOAD_LABEL, onClick: load },
          }),
      });
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', start);
      stop?.();
    };
  }, [toast]);
  return null;
}
