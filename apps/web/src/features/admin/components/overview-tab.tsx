import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';
import PeopleIcon from '@mui/icons-material/People';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { capitalize } from '@/lib/format';
import { useAdminStats } from '@/api/admin/get-admin-stats';
import { LibraryScanPanel } from './library-scan-panel';
import { LoadError, TabSpinner } from './tab-states';

function StatCard({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 3, display: 'flex', alignItems: 'center', gap: 2.5, borderRadius: 3 }}
    >
      <Box
        aria-hidden
        sx={{
          width: 56,
          height: 56,
          flexShrink: 0,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'primary.main',
          '& svg': { fontSize: 30 },
        }}
      >
        {icon}
      </Box>
      <Box>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {label}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {value.toLocaleString()}
        </Typography>
      </Box>
    </Paper>
  );
}

/** The Dashboard tab: total users, total songs, songs per genre, and the library folders. */
export function OverviewTab() {
  const stats = useAdminStats();
  if (stats.isPending) return <TabSpinner label="Loading dashboard" />;
  if (stats.isError)
    return <LoadError error={stats.error} fallback="Failed to load dashboard data" />;
  const { totalUsers, totalSongs, songsByGenre } = stats.data;
  return (
    <Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' },
          mb: 4,
        }}
      >
        <StatCard icon={<PeopleIcon />} label="Total Registered Users" value={totalUsers} />
        <StatCard icon={<LibraryMusicIcon />} label="Total Songs" value={totalSongs} />
      </Box>
      <Typography variant="h6" component="h2" gutterBottom>
        Songs by Genre
      </Typography>
      {songsByGenre.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>No songs yet</Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Songs by genre"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
        >
          {songsByGenre.map((genre) => (
            <li key={genre._id}>
              <Chip
                label={`${capitalize(genre._id)}: ${genre.count}`}
                color="primary"
                variant="outlined"
              />
            </li>
          ))}
        </Box>
      )}
      <LibraryScanPanel />
    </Box>
  );
}
