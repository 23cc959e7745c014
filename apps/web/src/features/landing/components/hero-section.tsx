import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { dashboardPathFor, selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { FloatingCircles } from './floating-circles';

export function HeroSection() {
  const isLoggedIn = useAuthStore(selectIsLoggedIn);
  const user = useAuthStore((state) => state.user);

  return (
    <Box
      component="section"
      aria-labelledby="hero-heading"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        pt: { xs: 8, sm: 12, md: 16 },
        pb: { xs: 4, sm: 8, md: 10 },
      }}
    >
      <FloatingCircles />
      <Container maxWidth="md" sx={{ position: 'relative', zIndex: 1, textAlign: 'center' }}>
        <Typography
          variant="overline"
          sx={{ color: 'primary.main', fontWeight: 700, letterSpacing: '0.16em' }}
        >
          Millions of songs. One place.
        </Typography>
        <Typography
          id="hero-heading"
          variant="h1"
          sx={{
            mt: 1,
            fontSize: { xs: '2.6rem', sm: '3.75rem', md: '4.75rem' },
            lineHeight: 1.05,
          }}
        >
          Music for every{' '}
          <Box
            component="span"
            sx={(theme) => ({
              background: `linear-gradient(90deg, ${theme.palette.primary.main}, ${theme.palette.secondary.main})`,
              WebkitBackgroundClip: 'text',
              backgroundClip: 'text',
              color: 'transparent',
            })}
          >
            moment
          </Box>
        </Typography>
        <Typography
          sx={{
            color: 'text.secondary',
            mt: 3,
            mx: 'auto',
            maxWidth: 620,
            fontSize: { xs: '1.05rem', md: '1.25rem' },
          }}
        >
          Stream millions of songs, build custom playlists for every mood and listen anywhere: on
          your phone, tablet or computer. Go premium for ad-free listening.
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mt: 5, justifyContent: 'center', alignItems: 'center' }}
        >
          <Button
            href={isLoggedIn ? dashboardPathFor(user) : '/login'}
            variant="contained"
            size="large"
            endIcon={<ArrowForwardIcon />}
            sx={{ px: 4, py: 1.5, fontSize: '1rem', width: { xs: '100%', sm: 'auto' } }}
          >
            {isLoggedIn ? 'GO TO DASHBOARD' : 'GET STARTED'}
          </Button>
          <Button
            href="/pricing"
            variant="outlined"
            color="inherit"
            size="large"
            sx={{ px: 4, py: 1.5, fontSize: '1rem', width: { xs: '100%', sm: 'auto' } }}
          >
            Free Premium in early access
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
