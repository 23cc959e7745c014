import { lazyComponent } from '@/lib/lazy-component';

/** docs/product.md's five tabs, then the keys for phone apps. */
export const TABS = ['Home', 'Browse', 'Liked Songs', 'Library', 'Playlists', 'Apps'] as const;
export type TabName = (typeof TABS)[number];

/** How a tab is named in the address (?tab=liked-songs); Home is the page without one. */
export function tabSlug(tab: TabName): string {
  return tab.toLowerCase().replace(/\s+/g, '-');
}

export function tabOf(slug: string | null): TabName {
  return TABS.find((tab) => tabSlug(tab) === slug) ?? 'Home';
}

/** The tab a dashboard address opens (its `?tab=`). */
export function tabOfSearch(search: string): TabName {
  return tabOf(new URLSearchParams(search).get('tab'));
}

/**
 * Each tab's view is a chunk of its own: the dashboard downloads the code of the open tab, and
 * another tab's when it is opened.
 */
export const tabViews = {
  Home: lazyComponent(() => import('./tabs/home-tab').then((m) => m.HomeTab)),
  Browse: lazyComponent(() => import('./tabs/browse-tab').then((m) => m.BrowseTab)),
  'Liked Songs': lazyComponent(() => import('./tabs/liked-tab').then((m) => m.LikedTab)),
  Library: lazyComponent(() => import('./tabs/saved-songs-tab').then((m) => m.SavedSongsTab)),
  Playlists: lazyComponent(() => import('./tabs/playlists-tab').then((m) => m.PlaylistsTab)),
  Apps: lazyComponent(() =>
    import('@/components/app-keys/apps-section').then((m) => m.AppsSection),
  ),
} satisfies Record<TabName, unknown>;
