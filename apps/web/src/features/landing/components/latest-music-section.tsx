import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { PublicSong } from '@cadenza/contract/songs';
import { LATEST_SONGS_COUNT, useLatestSongs } from '@/api/songs/get-latest-songs';
import { LatestSongCard } from './latest-song-card';
import { SectionHeading } from './section-heading';

export const LATEST_MUSIC_FAILED = 'Failed to load latest music.';

export function LatestMusicSection({
  onPlay,
}: {
  onPlay: (song: PublicSong, songs: PublicSong[]) => void;
}) {
  const { data: songs, isPending, isError } = useLatestSongs();

  return (
    <Box component="section" aria-labelledby="latest-heading" sx={{ py: { xs: 6, md: 10 } }}>
      <Container maxWidth="lg">
        <SectionHeading
          id="latest-heading"
          title="Latest Music"
          subtitle="Fresh additions to the Cadenza library."
          action={
            <Button href="/discover" variant="outlined" color="inherit">
              Discover more
            </Button>
          }
        />
        {isError ? (
          <Alert severity="error" role="alert">
            {LATEST_MUSIC_FAILED}
          </Alert>
        ) : isPending ? (
          <Grid container spacing={2}>
            {Array.from({ length: LATEST_SONGS_COUNT }, (_, index) => (
              <Grid key={index} size={{ xs: 6, sm: 4, md: 3 }}>
                <Skeleton
                  variant="rounded"
                  sx={{ aspectRatio: '1 / 1.3', height: 'auto', borderRadius: 2 }}
                />
              </Grid>
            ))}
          </Grid>
        ) : songs.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>No songs available</Typography>
        ) : (
          <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {songs.map((song) => (
              <Grid key={song._id} size={{ xs: 6, sm: 4, md: 3 }} component="li">
                <LatestSongCard song={song} onPlay={(chosen) => onPlay(chosen, songs)} />
              </Grid>
            ))}
          </Grid>
        )}
      </Container>
    </Box>
  );
}
