import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A page's title (its h1 and the document title), a line under it, and its actions. */
export function PageHeading({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-end',
        gap: 2,
        mb: { xs: 2, md: 3 },
      }}
    >
      <title>{`${title} · Cadenza`}</title>
      <Box sx={{ flex: 1, minWidth: 200 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {subtitle && <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{subtitle}</Typography>}
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}

/** A listing page's frame: a named section with the page's margins. */
export function PageSection({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Container component="section" aria-label={label} maxWidth="xl" sx={{ py: { xs: 2, md: 4 } }}>
      {children}
    </Container>
  );
}
