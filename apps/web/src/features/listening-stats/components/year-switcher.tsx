import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { Link as RouterLink } from 'react-router';
import { useListeningYears } from '@/api/listening-stats/listening-stats';
import { yearInMusicPath } from './year-links';

/** The years with plays, newest first, the one shown marked: a tap opens another's recap. */
export function YearSwitcher({ year }: { year: number }) {
  const years = useListeningYears();
  const shown = years.data ?? [];
  if (shown.length === 0) return null;
  return (
    <Box
      component="nav"
      aria-label="Years"
      sx={{ display: 'flex', gap: 1, overflowX: 'auto', scrollbarWidth: 'none', mb: 3 }}
    >
      {shown.map((entry) => {
        const current = entry.year === year;
        return (
          <Chip
            key={entry.year}
            component={RouterLink}
            to={yearInMusicPath(entry.year)}
            clickable
            label={String(entry.year)}
            aria-current={current ? 'page' : undefined}
            color={current ? 'primary' : 'default'}
            variant={current ? 'filled' : 'outlined'}
            sx={{ flexShrink: 0, fontWeight: 600 }}
          />
        );
      })}
    </Box>
  );
}
