import ExploreIcon from '@mui/icons-material/Explore';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { Song } from '@cadenza/contract/songs';
import { useState } from 'react';
import { CoverImage } from '@/components/cover-image';
import { GenreChips } from '@/components/genre-chips';
import { PageSpinner } from '@/components/page-spinner';
import { QueuePanel } from '@/components/queue-panel';
import { songArtist, songTitle } from '@/components/song-card';
import { formatDuration } from '@/lib/format';
import { useFirstSongs } from '@/api/songs/get-songs';
import { usePlayer } from '@/lib/player/player-store';
import {
  MuteButton,
  PlayerLikeButton,
  SeekBar,
  TransportControls,
  VolumeSlider,
} from './components/player-controls';
import { LyricsButton } from './components/lyrics/lyrics-button';
import { LyricsView } from './components/lyrics/lyrics-view';
import { PlayerSettingsButton } from './components/player-settings/player-settings-button';
import { SongCredits } from './components/song-credits';

/** docs/product.md §2: the demo's sample playlist has 5 songs, taken from the demo library. */
export const SAMPLE_PLAYLIST_SIZE = 5;

/** The narrowest column (px) that holds the cover and the details side by side. */
const SIDE_BY_SIDE_WIDTH = 560;

/** The Lyrics toggle's state, for the song that is really current (not the demo's sample). */
interface LyricsToggle {
  shown: boolean;
  onToggle: () => void;
}

function NowPlayingView({
  song,
  onStart,
  lyrics,
}: {
  song: Song;
  onStart?: () => void;
  lyrics?: LyricsToggle;
}) {
  const title = songTitle(song);
  // The cover stands beside the details only where the column (not the window: the sidebar and
  // the queue take their share) leaves the details room for a title and the transport row.
  return (
    <Box sx={{ containerType: 'inline-size' }}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'minmax(0, 1fr)',
          alignItems: 'center',
          [`@container (min-width: ${SIDE_BY_SIDE_WIDTH}px)`]: {
            gap: 4,
            gridTemplateColumns: 'minmax(180px, min(300px, 36%)) minmax(0, 1fr)',
          },
        }}
      >
        <Box
          sx={{
            width: '100%',
            maxWidth: { xs: 300, md: 380 },
            mx: 'auto',
            borderRadius: 3,
            overflow: 'hidden',
            boxShadow: 12,
            [`@container (min-width: ${SIDE_BY_SIDE_WIDTH}px)`]: { maxWidth: 300 },
          }}
        >
          <CoverImage src={song.coverImage} alt={`Cover of ${title}`} size={600} priority />
        </Box>
        <Stack spacing={{ xs: 2, md: 3 }} sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography
                variant="overline"
                sx={{ color: 'primary.light', letterSpacing: '0.12em' }}
              >
                Now Playing
              </Typography>
              <Typography
                variant="h3"
                component="h1"
                // A word too long for the column is hyphenated where the language allows, not cut
                // at any letter ("commen|t").
                sx={{
                  fontSize: { xs: '1.75rem', md: '2rem' },
                  overflowWrap: 'break-word',
                  hyphens: 'auto',
                }}
              >
                {title}
              </Typography>
              <SongCredits song={song} />
              <GenreChips genres={song.genres} label={`Genres of ${title}`} sx={{ mt: 1.5 }} />
            </Box>
            <Box sx={{ fontSize: 28, pt: 2.5 }}>
              <PlayerLikeButton song={song} size="large" />
            </Box>
          </Stack>
          <SeekBar fallbackDuration={song.duration} />
          <TransportControls size="large" onStart={onStart} />
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'center' }}>
            <MuteButton />
            <VolumeSlider width={200} />
            {lyrics && <LyricsButton shown={lyrics.shown} onToggle={lyrics.onToggle} />}
            <PlayerSettingsButton />
          </Stack>
        </Stack>
      </Box>
    </Box>
  );
}

/** docs/product.md §10.7: with nothing playing, a sample track and a 5-song playlist that really play. */
function DemoView() {
  const sample = useFirstSongs(SAMPLE_PLAYLIST_SIZE);
  const playFrom = usePlayer((state) => state.playFrom);

  if (sample.isPending) return <PageSpinner label="Loading the sample" />;
  if (sample.isError) {
    return <Alert severity="error">Failed to load music data. Please try again later.</Alert>;
  }
  const playlist = sample.data.slice(0, SAMPLE_PLAYLIST_SIZE);
  const track = playlist[0];
  if (!track) {
    return <Alert severity="info">No songs available</Alert>;
  }

  return (
    <Stack spacing={4}>
      <Paper
        component="section"
        aria-labelledby="nothing-playing-heading"
        elevation={0}
        sx={{
          p: { xs: 2, sm: 2.5 },
          borderRadius: 3,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          bgcolor: (theme) => alpha(theme.palette.primary.main, 0.1),
          border: 1,
          borderColor: (theme) => alpha(theme.palette.primary.main, 0.3),
        }}
      >
        <Box sx={{ flex: '1 1 240px' }}>
          <Typography id="nothing-playing-heading" variant="h6" component="h2">
            Nothing is playing
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Try the sample below, or find something to play on Discover.
          </Typography>
        </Box>
        <Button href="/discover" variant="contained" startIcon={<ExploreIcon />}>
          Go to Discover
        </Button>
      </Paper>
      <NowPlayingView song={track} onStart={() => playFrom(track, playlist)} />
      <Paper
        component="section"
        aria-label="Sample Playlist"
        elevation={0}
        sx={{ p: 2, borderRadius: 3, bgcolor: (theme) => alpha(theme.palette.common.white, 0.04) }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1, px: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            Sample Playlist
          </Typography>
          <Button
            variant="contained"
            startIcon={<PlayArrowIcon />}
            onClick={() => playFrom(track, playlist)}
          >
            Play Sample
          </Button>
        </Stack>
        <List aria-label="Sample Playlist songs">
          {playlist.map((song, index) => (
            <ListItem key={song._id} disablePadding>
              <ListItemButton
                onClick={() => playFrom(song, playlist)}
                aria-label={`Play ${songTitle(song)}`}
                sx={{ gap: 2, borderRadius: 2 }}
              >
                <Typography
                  sx={{ width: 20, color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}
                >
                  {index + 1}
                </Typography>
                <Box sx={{ width: 44, flexShrink: 0, borderRadius: 1, overflow: 'hidden' }}>
                  <CoverImage src={song.coverImage} alt="" size={96} />
                </Box>
                <ListItemText
                  primary={songTitle(song)}
                  secondary={songArtist(song)}
                  slotProps={{ primary: { noWrap: true, sx: { fontWeight: 600 } } }}
                  sx={{ minWidth: 0 }}
                />
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {formatDuration(song.duration)}
                </Typography>
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
    </Stack>
  );
}

/** The current song's lyrics under the now-playing view, scrolling within their panel. */
function LyricsPanel() {
  return (
    <Paper
      elevation={0}
      sx={{
        display: 'flex',
        height: { xs: 360, md: 440 },
        px: { xs: 1, sm: 2 },
        borderRadius: 3,
        bgcolor: (theme) => alpha(theme.palette.common.white, 0.04),
      }}
    >
      <LyricsView />
    </Paper>
  );
}

/**
 * /player: the shared player full screen (docs/product.md §10.7) and a phone's now-playing screen:
 * the song with every control, its lyrics below when asked for, and beside it (below it on a
 * phone) the queue.
 */
export function PlayerPage() {
  const current = usePlayer((state) => state.current);
  const [lyricsShown, setLyricsShown] = useState(false);
  return (
    <Box
      sx={{
        flex: 1,
        background: (theme) =>
          `radial-gradient(900px 500px at 20% 0%, ${alpha(theme.palette.primary.main, 0.18)}, transparent 70%)`,
      }}
    >
      <Container maxWidth="lg" sx={{ py: { xs: 2, md: 5 } }}>
        {current ? (
          <Box
            sx={{
              display: 'grid',
              gap: { xs: 4, md: 4 },
              gridTemplateColumns: {
                xs: 'minmax(0, 1fr)',
                md: 'minmax(0, 1fr) 340px',
                lg: 'minmax(0, 1fr) 380px',
              },
              alignItems: 'start',
            }}
          >
            <Stack spacing={4} sx={{ minWidth: 0 }}>
              <NowPlayingView
                song={current}
                lyrics={{ shown: lyricsShown, onToggle: () => setLyricsShown((shown) => !shown) }}
              />
              {lyricsShown && <LyricsPanel />}
            </Stack>
            <Paper
              component="section"
              aria-label="Queue"
              elevation={0}
              sx={{
                borderRadius: 3,
                bgcolor: (theme) => alpha(theme.palette.common.white, 0.04),
                position: { md: 'sticky' },
                top: { md: 88 },
                maxHeight: { md: 'calc(100vh - 120px - var(--cadenza-player-offset, 0px))' },
                overflowY: { md: 'auto' },
              }}
            >
              <QueuePanel />
            </Paper>
          </Box>
        ) : (
          <DemoView />
        )}
      </Container>
    </Box>
  );
}
