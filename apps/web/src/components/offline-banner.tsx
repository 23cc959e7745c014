import { useEffect } from 'react';
import { selectIsOffline, useNetworkStatus, watchBrowserConnection } from '@/lib/network-status';
import { useHydrated } from '@/lib/use-hydrated';
import styles from './offline-banner.module.css';

export const OFFLINE_MESSAGE = "You're offline. What has already loaded keeps playing.";

/**
 * Says so while the network is lost (lib/network-status). The status region is always there, so
 * that screen readers announce the message when it appears; the strip itself shows only offline.
 * Plain CSS: it is part of the header, painted with every page.
 */
export function OfflineBanner() {
  // The page built ahead is drawn online; the browser's own state shows once it has taken over.
  const hydrated = useHydrated();
  const offline = useNetworkStatus(selectIsOffline) && hydrated;
  useEffect(() => watchBrowserConnection(), []);

  return <div role="status">{offline && <p className={styles.banner}>{OFFLINE_MESSAGE}</p>}</div>;
}
