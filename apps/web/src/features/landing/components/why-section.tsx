import DevicesIcon from '@mui/icons-material/Devices';
import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';
import NotInterestedIcon from '@mui/icons-material/NotInterested';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SectionHeading } from './section-heading';

/** SPEC.md §1's promises, as marketing copy (DESIGN.md §10.17). */
const reasons = [
  {
    icon: <LibraryMusicIcon />,
    title: 'Millions of songs',
    text: 'From new releases to timeless classics: over 70 million tracks across every genre, ready when you are.',
  },
  {
    icon: <QueueMusicIcon />,
    title: 'Custom playlists',
    text: 'Collect the songs you love into playlists for workouts, road trips, focus or late nights.',
  },
  {
    icon: <DevicesIcon />,
    title: 'Listen anywhere',
    text: 'Your music follows you on phone, tablet and computer. Pick up right where you left off.',
  },
  {
    icon: <NotInterestedIcon />,
    title: 'Ad-free with Premium',
    text: 'Go premium for uninterrupted, high quality listening, with no ads between your songs.',
  },
];

export function WhySection() {
  return (
    <Box
      component="section"
      aria-labelledby="why-heading"
      sx={{
        py: { xs: 6, md: 10 },
        bgcolor: 'rgba(255, 255, 255, 0.02)',
        borderBlock: 1,
        borderColor: 'divider',
      }}
    >
      <Container maxWidth="lg">
        <SectionHeading
          id="why-heading"
          title="Why Cadenza?"
          subtitle="Everything you need to enjoy your music, nothing in the way."
        />
        <Grid container spacing={2.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {reasons.map((reason) => (
            <Grid key={reason.title} size={{ xs: 12, sm: 6, md: 3 }} component="li">
              <Paper
                variant="outlined"
                sx={{
                  p: 3,
                  height: '100%',
                  borderRadius: 2,
                  transition: 'transform 200ms, border-color 200ms',
                  '&:hover': { transform: 'translateY(-4px)', borderColor: 'primary.main' },
                  '@media (prefers-reduced-motion: reduce)': { '&:hover': { transform: 'none' } },
                }}
              >
                <Box aria-hidden sx={{ color: 'primary.main', mb: 2, '& svg': { fontSize: 36 } }}>
                  {reason.icon}
                </Box>
                <Typography variant="h6" component="h3">
                  {reason.title}
                </Typography>
                <Typography
                  variant="body2"
                  sx={{ color: 'text.secondary', mt: 1, lineHeight: 1.7 }}
                >
                  {reason.text}
                </Typography>
              </Paper>
            </Grid>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}
