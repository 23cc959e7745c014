import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** The responsive grid cards sit in: two columns on a phone, up to six on a wide screen. */
export const cardGridColumns = {
  xs: 'repeat(2, minmax(0, 1fr))',
  sm: 'repeat(3, minmax(0, 1fr))',
  md: 'repeat(4, minmax(0, 1fr))',
  lg: 'repeat(5, minmax(0, 1fr))',
  xl: 'repeat(6, minmax(0, 1fr))',
};

export function CardGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Box
      role="list"
      aria-label={label}
      sx={{
        display: 'grid',
        gridTemplateColumns: cardGridColumns,
        gap: { xs: 1.5, sm: 2 },
        '& > *': { minWidth: 0 },
      }}
    >
      {children}
    </Box>
  );
}

export function CardGridItem({ children }: { children: ReactNode }) {
  return <Box role="listitem">{children}</Box>;
}
