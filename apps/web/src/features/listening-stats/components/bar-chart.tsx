import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface ChartBar {
  key: string;
  /** What a screen reader says of the bar: "14:00 — 42 minutes". */
  name: string;
  /** The short label under it ("Mon", "06"), or '' for none. */
  label: string;
  value: number;
}

/**
 * Bars side by side, each as tall as its value against the largest, drawn with plain boxes. Each
 * bar is named with its label and value for screen readers; the labels under them are for the
 * eye only.
 */
export function BarChart({ title, bars }: { title: string; bars: readonly ChartBar[] }) {
  const most = Math.max(1, ...bars.map((bar) => bar.value));
  const gap = { xs: '2px', sm: '4px' };
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }}>
      <Typography component="figcaption" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Box role="list" aria-label={title} sx={{ display: 'flex', gap, height: 120 }}>
        {bars.map((bar) => (
          <Box
            key={bar.key}
            role="listitem"
            sx={{
              flex: 1,
              minWidth: 0,
              display: 'flex',
              alignItems: 'flex-end',
              borderRadius: '3px 3px 0 0',
              bgcolor: 'action.hover',
            }}
          >
            <Box
              role="img"
              aria-label={bar.name}
              title={bar.name}
              sx={{
                width: '100%',
                height: `${(bar.value / most) * 100}%`,
                minHeight: bar.value > 0 ? 2 : 0,
                borderRadius: '3px 3px 0 0',
                bgcolor: 'primary.main',
              }}
            />
          </Box>
        ))}
      </Box>
      <Box aria-hidden sx={{ display: 'flex', gap, mt: 0.5 }}>
        {bars.map((bar) => (
          // Centred under its bar, a label wider than the bar spills over its neighbours' empty
          // ones rather than being cut.
          <Box
            key={bar.key}
            sx={{ flex: 1, minWidth: 0, display: 'flex', justifyContent: 'center' }}
          >
            <Typography variant="caption" sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
              {bar.label}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
