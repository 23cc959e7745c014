import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The muted box an empty section shows, with an optional action. */
export function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <Box
      sx={{
        py: 6,
        px: 2,
        textAlign: 'center',
        borderRadius: 3,
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
      }}
    >
      <Typography sx={{ color: 'text.secondary', mb: children ? 2 : 0 }}>{text}</Typography>
      {children}
    </Box>
  );
}
