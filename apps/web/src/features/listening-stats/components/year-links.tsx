import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useListeningYears } from '@/api/listening-stats/listening-stats';

export function yearInMusicPath(year: number): string {
  return `/stats/years/${year}`;
}

/** "Your 2025 in music", or "Your 2026 in music so far" for the year under way. */
export function yearInMusicTitle(year: number, currentYear: number): string {
  return year === currentYear ? `Your ${year} in music so far` : `Your ${year} in music`;
}

/** A link to the year in music of each year with plays, the newest first. */
export function YearLinks() {
  const years = useListeningYears();
  const currentYear = new Date().getFullYear();
  const shown = (years.data ?? []).filter((entry) => entry.year <= currentYear);
  if (shown.length === 0) return null;
  return (
    <Box component="nav" aria-label="Your years in music" sx={{ mt: 5 }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        Your year in music
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {shown.map(({ year }) => (
          <Chip
            key={year}
            component={RouterLink}
            to={yearInMusicPath(year)}
            clickable
            icon={<AutoAwesomeIcon />}
            label={yearInMusicTitle(year, currentYear)}
            variant="outlined"
          />
        ))}
      </Box>
    </Box>
  );
}
