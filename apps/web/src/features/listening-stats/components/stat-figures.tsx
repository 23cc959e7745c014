import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface StatFigure {
  label: string;
  value: string;
  /** A smaller line under the value. */
  detail?: string;
}

/** Figures in a row of tiles, each its value large over its label; `big` for a recap's. */
export function StatFigures({
  label,
  figures,
  big = false,
}: {
  label: string;
  figures: readonly StatFigure[];
  big?: boolean;
}) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        m: 0,
        display: 'grid',
        gap: { xs: 1, sm: 2 },
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: `repeat(${Math.min(3, figures.length)}, minmax(0, 1fr))`,
          md: `repeat(${figures.length}, minmax(0, 1fr))`,
        },
      }}
    >
      {figures.map((figure) => (
        <Box
          key={figure.label}
          role="group"
          aria-label={figure.label}
          sx={{
            p: { xs: 1.5, sm: 2 },
            borderRadius: 2,
            bgcolor: 'action.hover',
            minWidth: 0,
            // The term first for screen readers, the figure above it for the eye.
            display: 'flex',
            flexDirection: 'column-reverse',
            justifyContent: 'flex-end',
          }}
        >
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {figure.label}
          </Typography>
          <Typography
            component="dd"
            sx={{
              m: 0,
              fontWeight: 800,
              lineHeight: 1.2,
              overflowWrap: 'anywhere',
              fontSize: big ? { xs: '1.75rem', sm: '2.5rem' } : { xs: '1.25rem', sm: '1.75rem' },
            }}
          >
            {figure.value}
            {figure.detail && (
              <Typography
                component="span"
                variant="body2"
                sx={{ display: 'block', color: 'text.secondary', fontWeight: 400 }}
              >
                {figure.detail}
              </Typography>
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
