import AccessTimeIcon from '@mui/icons-material/AccessTime';
import AlbumIcon from '@mui/icons-material/Album';
import ExploreIcon from '@mui/icons-material/Explore';
import FavoriteIcon from '@mui/icons-material/Favorite';
import HomeIcon from '@mui/icons-material/Home';
import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';
import MicIcon from '@mui/icons-material/Mic';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import SearchIcon from '@mui/icons-material/Search';

/** Every icon of @mui/icons-material has this type. */
type NavIcon = typeof HomeIcon;

export interface NavEntry {
  label: string;
  to: string;
  Icon: NavIcon;
  /** Also current on these paths (the tab bar's library tab covers every library page). */
  alsoCurrentOn?: RegExp;
}

export const HOME: NavEntry = { label: 'Home', to: '/user/dashboard', Icon: HomeIcon };
export const DISCOVER: NavEntry = { label: 'Discover', to: '/discover', Icon: ExploreIcon };
export const SEARCH: NavEntry = { label: 'Search', to: '/search', Icon: SearchIcon };

/** The sidebar's first group: where to listen from. */
export const BROWSE_ENTRIES: readonly NavEntry[] = [HOME, DISCOVER, SEARCH];

/** The sidebar's "Your Library" group: what the listener has kept. */
export const LIBRARY_ENTRIES: readonly NavEntry[] = [
  { label: 'Playlists', to: '/library/playlists', Icon: QueueMusicIcon },
  { label: 'Albums', to: '/library/albums', Icon: AlbumIcon },
  { label: 'Artists', to: '/library/artists', Icon: MicIcon },
  { label: 'Liked Songs', to: '/library/liked', Icon: FavoriteIcon },
  { label: 'Recently Played', to: '/library/recent', Icon: AccessTimeIcon },
];

/** The phone's tab bar: Home, Discover, Search, and the library (its playlists first). */
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
