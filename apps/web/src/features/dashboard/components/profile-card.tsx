import LogoutIcon from '@mui/icons-material/Logout';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';

export interface DashboardCounts {
  liked: number;
  library: number;
  playlists: number;
  recentlyPlayed: number;
}

/** Avatar (the name's first letter without a picture), name, e-mail, Logout, and counters. */
export function ProfileCard({
  name,
  email,
  profileImage,
  counts,
  onLogout,
}: {
  name: string;
  email: string;
  profileImage: string | null;
  counts: DashboardCounts;
  onLogout: () => void;
}) {
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  const counters = [
    { label: 'Liked Songs', value: counts.liked },
    { label: 'Library Songs', value: counts.library },
    { label: 'Playlists', value: counts.playlists },
    { label: 'Recently Played', value: counts.recentlyPlayed },
  ];

  return (
    <Paper
      component="section"
      aria-label="Profile"
      elevation={0}
      sx={{
        p: { xs: 2.5, md: 3 },
        borderRadius: 4,
        border: 1,
        borderColor: 'divider',
        background: (theme) =>
          `linear-gradient(135deg, ${alpha(theme.palette.primary.main, 0.22)}, ${alpha(theme.palette.secondary.main, 0.08)} 60%, transparent)`,
      }}
    >
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={{ xs: 2.5, md: 4 }}
        sx={{ alignItems: { xs: 'stretch', md: 'center' } }}
      >
        {/* On phones Logout gets its own line, so the name and e-mail keep the full width. */}
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'auto minmax(0, 1fr)', sm: 'auto minmax(0, 1fr) auto' },
            columnGap: { xs: 1.5, sm: 2 },
            rowGap: 2,
            alignItems: 'center',
            minWidth: 0,
            flex: 1,
          }}
        >
          <Avatar
            src={profileImage ?? undefined}
            alt={name}
            sx={{
              width: { xs: 56, sm: 64, md: 80 },
              height: { xs: 56, sm: 64, md: 80 },
              fontSize: { xs: 24, sm: 28, md: 34 },
              fontWeight: 800,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
            }}
          >
            {initial}
          </Avatar>
          <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            <Typography variant="h5" component="h1" title={name}>
              {name}
            </Typography>
            <Typography
              title={email}
              sx={{ color: 'text.secondary', fontSize: { xs: '0.875rem', sm: '1rem' } }}
            >
              {email}
            </Typography>
          </Box>
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<LogoutIcon />}
            onClick={onLogout}
            sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, justifySelf: 'start' }}
          >
            Logout
          </Button>
        </Box>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' },
            gap: 1.5,
            flexShrink: 0,
          }}
        >
          {counters.map((counter) => (
            <Box
              key={counter.label}
              sx={{
                px: 2,
                py: 1.25,
                borderRadius: 2,
                bgcolor: (theme) => alpha(theme.palette.common.white, 0.05),
                display: 'flex',
                flexDirection: 'column-reverse',
                minWidth: 112,
              }}
            >
              <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
                {counter.label}
              </Typography>
              <Typography
                component="dd"
                variant="h5"
                sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}
                aria-label={`${counter.label}: ${counter.value}`}
              >
                {counter.value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Stack>
    </Paper>
  );
}
