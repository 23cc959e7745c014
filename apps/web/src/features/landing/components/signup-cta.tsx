import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';

export function SignupCta() {
  return (
    <Box component="section" aria-labelledby="cta-heading" sx={{ py: { xs: 6, md: 10 } }}>
      <Container maxWidth="md">
        <Box
          sx={(theme) => ({
            textAlign: 'center',
            px: { xs: 3, sm: 6 },
            py: { xs: 5, sm: 7 },
            borderRadius: 3,
            border: 1,
            borderColor: alpha(theme.palette.primary.main, 0.35),
            background: `linear-gradient(135deg, ${alpha(theme.palette.primary.main, 0.25)}, ${alpha(theme.palette.secondary.main, 0.18)})`,
          })}
        >
          <Typography
            id="cta-heading"
            variant="h3"
            component="h2"
            sx={{ fontSize: { xs: '1.9rem', md: '2.6rem' } }}
          >
            Ready to start listening?
          </Typography>
          <Typography sx={{ color: 'text.secondary', mt: 2, mb: 4, fontSize: '1.1rem' }}>
            Create your free account in seconds. Premium features are free during early access.
          </Typography>
          <Button
            href="/signup"
            variant="contained"
            size="large"
            sx={{ px: 5, py: 1.5, fontSize: '1rem' }}
          >
            SIGN UP FREE
          </Button>
        </Box>
      </Container>
    </Box>
  );
}
