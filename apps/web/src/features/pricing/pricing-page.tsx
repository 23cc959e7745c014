import AllInclusiveIcon from '@mui/icons-material/AllInclusive';
import DevicesIcon from '@mui/icons-material/Devices';
import DownloadForOfflineIcon from '@mui/icons-material/DownloadForOffline';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import LyricsIcon from '@mui/icons-material/Lyrics';
import NotInterestedIcon from '@mui/icons-material/NotInterested';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { usePublicConfig } from '@/api/config/get-public-config';
import { FuturePlansSection } from './components/future-plans-section';
import { daysRemaining } from './days-remaining';

/** The paid plans stay hidden until they are launched (docs/product.md §2: the flag is never on). */
export const SHOW_FUTURE_PLANS = false;

const benefits = [
  { icon: <NotInterestedIcon />, title: 'No ads', text: 'Uninterrupted listening, every song.' },
  {
    icon: <GraphicEqIcon />,
    title: 'High quality audio',
    text: 'Stream at up to 320kbps for the best sound.',
  },
  {
    icon: <AllInclusiveIcon />,
    title: 'Unlimited playlists',
    text: 'Build as many playlists as you like, for every mood.',
  },
  {
    icon: <DownloadForOfflineIcon />,
    title: 'Offline listening',
    text: 'Download songs and listen without a connection.',
  },
  { icon: <LyricsIcon />, title: 'Song lyrics', text: 'Sing along with lyrics as you listen.' },
  {
    icon: <DevicesIcon />,
    title: 'Every device',
    text: 'Pick up where you left off on phone, tablet or computer.',
  },
];

export const PRICING_FAQS = [
  {
    question: 'Is early access really free?',
    answer:
      'Yes. Everyone who signs up during early access gets every premium feature free of charge. No credit card is needed and nothing is billed.',
  },
  {
    question: 'When does early access end?',
    answer:
      'Early access runs until the end of July 2025. We will announce our plans well in advance, and nobody will be charged without choosing a paid plan first.',
  },
  {
    question: 'What happens to my playlists after early access?',
    answer:
      'They stay yours. Your playlists, liked songs and library are kept whichever plan you choose afterwards, including the free plan.',
  },
  {
    question: 'Will there be a free plan?',
    answer:
      'Yes. A free, ad-supported plan will always be available, alongside Premium and Family plans for those who want the full experience.',
  },
];

export function PricingPage() {
  const isLoggedIn = useAuthStore(selectIsLoggedIn);
  const { config } = usePublicConfig();
  const days = daysRemaining(config.earlyAccessEnd);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <title>Pricing · Cadenza</title>
      <Box sx={{ textAlign: 'center', maxWidth: 720, mx: 'auto' }}>
        <Chip
          icon={<RocketLaunchIcon />}
          label="Early Access"
          color="primary"
          variant="outlined"
          sx={{ mb: 2 }}
        />
        <Typography
          variant="h2"
          component="h1"
          sx={{ fontSize: { xs: '2.25rem', sm: '3rem', md: '3.5rem' } }}
        >
          Premium is free during early access
        </Typography>
        <Typography
          sx={{ color: 'text.secondary', mt: 2, fontSize: { xs: '1rem', md: '1.15rem' } }}
        >
          Every premium feature, no ads and no credit card. Join now and enjoy Cadenza at its best
          while we get ready to launch.
        </Typography>
      </Box>

      <Paper
        component="section"
        aria-label="Early access offer"
        sx={(theme) => ({
          mt: { xs: 4, md: 6 },
          p: { xs: 3, sm: 5 },
          borderRadius: 3,
          border: 1,
          borderColor: alpha(theme.palette.primary.main, 0.4),
          background: `linear-gradient(135deg, ${alpha(theme.palette.primary.main, 0.22)}, ${alpha(theme.palette.secondary.main, 0.14)})`,
        })}
      >
        <Grid container spacing={4} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Typography variant="overline" sx={{ color: 'primary.main', fontWeight: 700 }}>
              Limited-time offer
            </Typography>
            <Typography
              variant="h4"
              component="h2"
              sx={{ mt: 0.5, fontSize: { xs: '1.6rem', md: '2.125rem' } }}
            >
              Free Premium for early members
            </Typography>
            <Typography sx={{ color: 'text.secondary', mt: 1.5 }}>
              Sign up today and unlock everything Cadenza has to offer while early access lasts.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3 }}>
              <Button
                href={isLoggedIn ? '/user/dashboard' : '/signup'}
                variant="contained"
                size="large"
              >
                Get Free Premium
              </Button>
              <Button variant="outlined" color="inherit" size="large" disabled>
                See Pricing
              </Button>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Box
              role="timer"
              aria-label={`${days} ${days === 1 ? 'day' : 'days'} remaining`}
              sx={{
                textAlign: 'center',
                p: 3,
                borderRadius: 2,
                bgcolor: (theme) => alpha(theme.palette.background.default, 0.6),
              }}
            >
              <Typography
                component="p"
                sx={{ fontSize: { xs: '3.5rem', md: '4.5rem' }, fontWeight: 800, lineHeight: 1 }}
              >
                {days}
              </Typography>
              <Typography sx={{ color: 'text.secondary', mt: 1 }}>
                {days === 1 ? 'day' : 'days'} remaining
              </Typography>
            </Box>
          </Grid>
        </Grid>
      </Paper>

      <Box component="section" aria-labelledby="benefits-heading" sx={{ mt: { xs: 6, md: 10 } }}>
        <Typography
          id="benefits-heading"
          variant="h4"
          component="h2"
          sx={{ textAlign: 'center', mb: 4, fontSize: { xs: '1.6rem', md: '2.125rem' } }}
        >
          Everything included in early access
        </Typography>
        <Grid container spacing={2.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {benefits.map((benefit) => (
            <Grid key={benefit.title} size={{ xs: 12, sm: 6, md: 4 }} component="li">
              <Paper variant="outlined" sx={{ p: 3, borderRadius: 2, height: '100%' }}>
                <Box aria-hidden sx={{ color: 'primary.main', mb: 1.5, '& svg': { fontSize: 32 } }}>
                  {benefit.icon}
                </Box>
                <Typography component="h3" sx={{ fontWeight: 700 }}>
                  {benefit.title}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
                  {benefit.text}
                </Typography>
              </Paper>
            </Grid>
          ))}
        </Grid>
      </Box>

      {SHOW_FUTURE_PLANS && <FuturePlansSection />}

      <Box
        component="section"
        aria-labelledby="faq-heading"
        sx={{ mt: { xs: 6, md: 10 }, maxWidth: 800, mx: 'auto' }}
      >
        <Typography
          id="faq-heading"
          variant="h4"
          component="h2"
          sx={{ textAlign: 'center', mb: 4, fontSize: { xs: '1.6rem', md: '2.125rem' } }}
        >
          Frequently Asked Questions
        </Typography>
        {PRICING_FAQS.map((faq) => (
          <Accordion
            key={faq.question}
            disableGutters
            variant="outlined"
            sx={{ mb: 1.5, borderRadius: 3, '&::before': { display: 'none' } }}
          >
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {faq.question}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Typography sx={{ color: 'text.secondary' }}>{faq.answer}</Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
    </Container>
  );
}
