import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { StatsPeriod } from '@cadenza/contract/listening-stats';

/**
 * The period's name between arrows to the periods before and after it that hold plays (all time
 * has neither); an arrow with nowhere to go is disabled.
 */
export function PeriodHeader({
  period,
  title,
  previousAt,
  nextAt,
  onMove,
}: {
  period: StatsPeriod;
  title: string;
  previousAt: string | null;
  nextAt: string | null;
  onMove: (at: string) => void;
}) {
  const arrows = period !== 'all';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, my: { xs: 2, md: 3 } }}>
      {arrows && (
        <IconButton
          aria-label={`Previous ${period}`}
          disabled={previousAt === null}
          onClick={() => previousAt && onMove(previousAt)}
        >
          <ChevronLeftIcon />
        </IconButton>
      )}
      <Typography
        component="h2"
        variant="h5"
        sx={{ fontWeight: 700, flex: 1, minWidth: 0, textAlign: arrows ? 'center' : 'left' }}
      >
        {title}
      </Typography>
      {arrows && (
        <IconButton
          aria-label={`Next ${period}`}
          disabled={nextAt === null}
          onClick={() => nextAt && onMove(nextAt)}
        >
          <ChevronRightIcon />
        </IconButton>
      )}
    </Box>
  );
}
