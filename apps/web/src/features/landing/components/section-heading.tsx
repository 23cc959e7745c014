import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function SectionHeading({
  id,
  title,
  subtitle,
  action,
}: {
  id: string;
  title: string;
  subtitle?: string;
  action?: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'flex-end' },
        justifyContent: 'space-between',
        flexDirection: { xs: 'column', sm: 'row' },
        gap: 2,
        mb: { xs: 3, md: 4 },
      }}
    >
      <Box>
        <Typography
          id={id}
          variant="h4"
          component="h2"
          sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}
        >
          {title}
        </Typography>
        {subtitle && <Typography sx={{ color: 'text.secondary', mt: 1 }}>{subtitle}</Typography>}
      </Box>
      {action}
    </Box>
  );
}
