import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The big name at the top of an album, artist or playlist page: the page's h1. */
export function CollectionTitle({ sx, children }: { sx: SxProps<Theme>; children: ReactNode }) {
  return (
    <Typography
      variant="h3"
      component="h1"
      sx={[
        { fontWeight: 800, lineHeight: 1.1 },
        // MUI: a caller's sx may be one style or a list of them.
        ...((Array.isArray(sx) ? sx : [sx]) as Extract<SxProps<Theme>, readonly unknown[]>),
      ]}
    >
      {children}
    </Typography>
  );
}
