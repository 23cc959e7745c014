import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import HomeIcon from '@mui/icons-material/Home';
import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { useAuthStore } from '@/lib/auth-store';
import { useLogout } from '@/api/auth/logout';
import { InboxTab } from './components/inbox-tab';
import { OverviewTab } from './components/overview-tab';
import { PlaylistsTab } from './components/playlists-tab';
import { SeedDataTab } from './components/seed-data-tab';
import { SettingsTab } from './components/settings-tab';
import { SongsTab } from './components/songs-tab';
import { SpreadRow } from './components/tab-states';
import { UsersTab } from './components/users-tab';

const TABS = [
  { key: 'dashboard', label: 'Dashboard', panel: OverviewTab },
  { key: 'users', label: 'Users', panel: UsersTab },
  { key: 'songs', label: 'Songs', panel: SongsTab },
  { key: 'playlists', label: 'Playlists', panel: PlaylistsTab },
  { key: 'seed', label: 'Seed Data', panel: SeedDataTab },
  { key: 'inbox', label: 'Inbox', panel: InboxTab },
  { key: 'settings', label: 'Settings', panel: SettingsTab },
] as const;

type TabKey = (typeof TABS)[number]['key'];

function tabOf(value: string | null): TabKey {
  return TABS.find((tab) => tab.key === value)?.key ?? 'dashboard';
}

/**
 * The admin dashboard (docs/product.md §2). Loaded on demand (React.lazy in the router) so that no admin
 * code reaches a listener's browser. The open tab lives in the address (?tab=songs).
 */
export function AdminDashboardPage() {
  const logout = useLogout();
  const user = useAuthStore((state) => state.user);
  const [searchParams, setSearchParams] = useSearchParams();
  const current = tabOf(searchParams.get('tab'));
  const active = TABS.find((tab) => tab.key === current) ?? TABS[0];
  const Panel = active.panel;

  const handleTabChange = (_event: unknown, key: TabKey) => {
    setSearchParams(key === 'dashboard' ? {} : { tab: key }, { replace: true });
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } }}>
      <SpreadRow>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Box
            aria-hidden
            sx={{
              width: 48,
              height: 48,
              borderRadius: 2.5,
              display: 'grid',
              placeItems: 'center',
              background: 'linear-gradient(135deg, #a78bfa 0%, #f472b6 100%)',
              color: '#12091f',
            }}
          >
            <AdminPanelSettingsIcon />
          </Box>
          <Box>
            <Typography variant="h4" component="h1">
              Admin
            </Typography>
            {user && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                Signed in as {user.name}
              </Typography>
            )}
          </Box>
        </Box>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button href="/" variant="outlined" startIcon={<HomeIcon />}>
            Back to Home
          </Button>
          <Button
            variant="contained"
            color="secondary"
            startIcon={<LogoutIcon />}
            onClick={() => void logout()}
          >
            Logout
          </Button>
        </Box>
      </SpreadRow>

      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={current}
          onChange={handleTabChange}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Admin sections"
        >
          {TABS.map((tab) => (
            <Tab
              key={tab.key}
              value={tab.key}
              label={tab.label}
              id={`admin-tab-${tab.key}`}
              // Only the open tab's panel is rendered.
              aria-controls={tab.key === current ? `admin-panel-${tab.key}` : undefined}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`admin-panel-${current}`} aria-labelledby={`admin-tab-${current}`}>
        <Panel />
      </Box>
    </Container>
  );
}
