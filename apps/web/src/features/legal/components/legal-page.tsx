import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { usePublicConfig } from '@/api/config/get-public-config';

export const LAST_UPDATED = 'May 24, 2025';

/** The frame of a legal document: breadcrumb, title, last-updated line and the body. */
export function LegalPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <title>{`${title} · Cadenza`}</title>
      <PageBreadcrumbs current={title} />
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.75rem' } }}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1 }}>Last updated {LAST_UPDATED}</Typography>
      <Paper
        variant="outlined"
        sx={{
          mt: 4,
          p: { xs: 2.5, sm: 4, md: 5 },
          borderRadius: 2,
          '& p, & li': { color: 'text.secondary', lineHeight: 1.75 },
          '& ul': { pl: 3, my: 1.5 },
          '& li + li': { mt: 0.75 },
        }}
      >
        <Typography component="div" sx={{ mb: 1 }}>
          {intro}
        </Typography>
        {children}
      </Paper>
    </Container>
  );
}

/** A numbered or plain section of a legal document, with a heading for the outline. */
export function LegalSection({
  title,
  children,
  level = 2,
}: {
  title: string;
  children: ReactNode;
  level?: 2 | 3;
}) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: level === 2 ? 4 : 2.5 }}>
      <Typography
        variant={level === 2 ? 'h5' : 'h6'}
        component={level === 2 ? 'h2' : 'h3'}
        sx={{ mb: 1.5, fontSize: level === 2 ? '1.35rem' : '1.05rem' }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The support address from the server's configuration, as a mailto link. */
export function SupportEmailLink() {
  const { config, isPending } = usePublicConfig();
  if (isPending) {
    return (
      <Skeleton
        component="span"
        variant="text"
        width={180}
        sx={{ display: 'inline-block', verticalAlign: 'middle' }}
      />
    );
  }
  return <Link href={`mailto:${config.supportEmail}`}>{config.supportEmail}</Link>;
}
