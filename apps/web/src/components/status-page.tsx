import HomeIcon from '@mui/icons-material/Home';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Full-page message with an icon, a heading, some text and a Back to Home button. */
export function StatusPage({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Container maxWidth="sm" sx={{ flex: 1, display: 'grid', placeItems: 'center', py: 10 }}>
      <Box sx={{ textAlign: 'center', width: '100%' }}>
        <Box
          aria-hidden
          sx={{
            mx: 'auto',
            mb: 3,
            width: 88,
            height: 88,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'primary.main',
            '& svg': { fontSize: 44 },
          }}
        >
          {icon}
        </Box>
        <Typography variant="h4" component="h1" gutterBottom>
          {title}
        </Typography>
        {description && (
          <Typography sx={{ color: 'text.secondary', mb: 3 }}>{description}</Typography>
        )}
        {children}
        <Button href="/" variant="contained" size="large" startIcon={<HomeIcon />} sx={{ mt: 2 }}>
          Back to Home
        </Button>
      </Box>
    </Container>
  );
}
