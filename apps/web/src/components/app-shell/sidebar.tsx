import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router';
import {
  ACCOUNT_ENTRIES,
  BROWSE_ENTRIES,
  currentEntryOf,
  LIBRARY_ENTRIES,
  type NavEntry,
} from './nav-entries';
import { SIDEBAR_WIDTH } from './shell-frame';
import { SidebarLink } from './sidebar-link';
import { SidebarPlaylists } from './sidebar-playlists';

/** Below the header (68 px and its 1 px border), it stays in view while the page scrolls. */
const HEADER_HEIGHT = 69;

const ALL_ENTRIES = [...BROWSE_ENTRIES, ...LIBRARY_ENTRIES, ...ACCOUNT_ENTRIES];

function EntryList({ entries }: { entries: readonly NavEntry[] }) {
  const { pathname, search } = useLocation();
  const current = currentEntryOf(ALL_ENTRIES, pathname, search);
  return (
    <List dense disablePadding>
      {entries.map((entry) => {
        const { label, to, Icon } = entry;
        return (
          <ListItem key={to} disablePadding>
            <SidebarLink to={to} current={entry === current}>
              <Icon aria-hidden />
              {label}
            </SidebarLink>
          </ListItem>
        );
      })}
    </List>
  );
}

/** The listener's sidebar on screens from md up: where to listen, their library, their account. */
export function Sidebar() {
  return (
    <Box
      sx={{
        width: SIDEBAR_WIDTH,
        flexShrink: 0,
        alignSelf: 'flex-start',
        position: 'sticky',
        top: HEADER_HEIGHT,
        height: `calc(100vh - ${HEADER_HEIGHT}px - var(--cadenza-player-offset, 0px))`,
        overflowY: 'auto',
        overscrollBehavior: 'contain',
        borderRight: 1,
        borderColor: 'divider',
        px: 1.5,
        py: 2,
      }}
    >
      <Box component="nav" aria-label="Browse">
        <EntryList entries={BROWSE_ENTRIES} />
      </Box>
      <Divider sx={{ my: 1.5, mx: 1.5 }} />
      {/* Labels, not headings: the page's own headings stay its outline. */}
      <Box component="nav" aria-label="Your library">
        <Typography
          aria-hidden
          component="div"
          sx={{ px: 1.5, pb: 0.5, fontSize: '0.9375rem', fontWeight: 700 }}
        >
          Your Library
        </Typography>
        <EntryList entries={LIBRARY_ENTRIES} />
        <SidebarPlaylists />
      </Box>
      <Divider sx={{ my: 1.5, mx: 1.5 }} />
      <Box component="nav" aria-label="Your account">
        <EntryList entries={ACCOUNT_ENTRIES} />
      </Box>
    </Box>
  );
}
