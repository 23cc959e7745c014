import AccessTimeIcon from '@mui/icons-material/AccessTime';
import AlbumIcon from '@mui/icons-material/Album';
import CategoryIcon from '@mui/icons-material/Category';
import ExploreIcon from '@mui/icons-material/Explore';
import FavoriteIcon from '@mui/icons-material/Favorite';
import HistoryIcon from '@mui/icons-material/History';
import HomeIcon from '@mui/icons-material/Home';
import InsightsIcon from '@mui/icons-material/Insights';
import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MicIcon from '@mui/icons-material/Mic';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import PodcastsIcon from '@mui/icons-material/Podcasts';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import RadioIcon from '@mui/icons-material/Radio';
import SearchIcon from '@mui/icons-material/Search';

/** Every icon of @mui/icons-material has this type. */
type NavIcon = typeof HomeIcon;

export interface NavEntry {
  label: string;
  to: string;
  Icon: NavIcon;
  /** Also current on these paths (the tab bar's Your Library tab covers every /library page). */
  alsoCurrentOn?: RegExp;
}

export const HOME: NavEntry = { label: 'Home', to: '/user/dashboard', Icon: HomeIcon };
export const DISCOVER: NavEntry = { label: 'Discover', to: '/discover', Icon: ExploreIcon };
export const SEARCH: NavEntry = { label: 'Search', to: '/search', Icon: SearchIcon };
/** The genres the files name (the seven filed genres have their own pages, /genre/{genre}). */
export const GENRES: NavEntry = { label: 'Genres', to: '/genres', Icon: CategoryIcon };

export const PODCASTS: NavEntry = { label: 'Podcasts', to: '/podcasts', Icon: PodcastsIcon };
/** Internet radio stations (song radio starts from a song's, album's or artist's menu). */
export const LIVE_RADIO: NavEntry = { label: 'Live radio', to: '/live-radio', Icon: RadioIcon };

/** The sidebar's first group: where to listen from. */
export const BROWSE_ENTRIES: readonly NavEntry[] = [
  HOME,
  DISCOVER,
  SEARCH,
  GENRES,
  PODCASTS,
  LIVE_RADIO,
];

/** Your Library's five lists: the sidebar's group, and the row atop each list on a phone. */
export const LIBRARY_LISTS: readonly NavEntry[] = [
  { label: 'Playlists', to: '/library/playlists', Icon: QueueMusicIcon },
  { label: 'Albums', to: '/library/albums', Icon: AlbumIcon },
  { label: 'Artists', to: '/library/artists', Icon: MicIcon },
  { label: 'Liked Songs', to: '/library/liked', Icon: FavoriteIcon },
  { label: 'Recently Played', to: '/library/recent', Icon: AccessTimeIcon },
];

/** The sidebar's "Your Library" group: what the listener has kept. */
export const LIBRARY_ENTRIES: readonly NavEntry[] = [
  ...LIBRARY_LISTS,
  // Every play, and histories brought from other services.
  { label: 'Listening History', to: '/user/history', Icon: HistoryIcon },
  // What the plays add up to: totals, top lists, years in music.
  { label: 'Your stats', to: '/stats', Icon: InsightsIcon },
  // The dashboard's tab of keys for phone apps: the same music, played from elsewhere.
  { label: 'Apps', to: '/user/dashboard?tab=apps', Icon: PhoneIphoneIcon },
];

/** The sidebar's last group: the listener's own account. */
export const ACCOUNT_ENTRIES: readonly NavEntry[] = [
  { label: 'Account settings', to: '/account', Icon: ManageAccountsIcon },
];

/**
 * The phone's tab bar: Home, Discover, Search, and Your Library (its playlists first, the other
 * lists a tap away in the row atop each: library-links.tsx).
 */
export const TAB_ENTRIES: readonly NavEntry[] = [
  HOME,
  DISCOVER,
  SEARCH,
  {
    label: 'Your Library',
    to: '/library/playlists',
    Icon: LibraryMusicIcon,
    alsoCurrentOn: /^\/(?:library|playlist)\//,
  },
];

export function isCurrent(entry: NavEntry, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === entry.to || (entry.alsoCurrentOn?.test(path) ?? false);
}

/** The path and the query parameters an entry's link sets. */
function targetOf(entry: NavEntry): { path: string; params: URLSearchParams } {
  const [path = '', query = ''] = entry.to.split('?');
  return { path, params: new URLSearchParams(query) };
}

/**
 * The entry of `entries` that the page at `pathname` + `search` is: the one whose path matches
 * and whose query parameters are all there, the most specific first (the dashboard's Apps tab
 * beats Home, which is the dashboard itself).
 */
export function currentEntryOf(
  entries: readonly NavEntry[],
  pathname: string,
  search: string,
): NavEntry | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  const present = new URLSearchParams(search);
  let best: { entry: NavEntry; specificity: number } | undefined;
  for (const entry of entries) {
    const target = targetOf(entry);
    if (target.path !== path) continue;
    const params = [...target.params];
    if (!params.every(([name, value]) => present.get(name) === value)) continue;
    if (!best || params.length > best.specificity) best = { entry, specificity: params.length };
  }
  return best?.entry;
}
