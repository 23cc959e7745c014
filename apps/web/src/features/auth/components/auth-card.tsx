import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function AuthCard({
  title,
  subtitle,
  icon,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container
      maxWidth="sm"
      sx={{ flex: 1, display: 'flex', alignItems: 'center', py: { xs: 4, sm: 8 } }}
    >
      <title>{`${title} · Cadenza`}</title>
      <Paper
        variant="outlined"
        sx={{
          width: '100%',
          maxWidth: 460,
          mx: 'auto',
          p: { xs: 3, sm: 5 },
          borderRadius: 4,
          bgcolor: 'background.paper',
          boxShadow: '0 24px 64px rgba(0, 0, 0, 0.45)',
        }}
      >
        <Box sx={{ textAlign: 'center', mb: 3 }}>
          <Box
            aria-hidden
            sx={{
              mx: 'auto',
              mb: 2,
              width: 56,
              height: 56,
              borderRadius: 3,
              display: 'grid',
              placeItems: 'center',
              color: '#12091f',
              background: (theme) =>
                `linear-gradient(135deg, ${theme.palette.primary.main}, ${theme.palette.secondary.main})`,
            }}
          >
            {icon}
          </Box>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {children}
      </Paper>
    </Container>
  );
}
