import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { Playlist } from '@cadenza/contract/playlists';
import type { Song } from '@cadenza/contract/songs';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { PageSpinner } from '@/components/page-spinner';
import { PlaylistCard } from '@/components/playlist-card';
import { QueueSongCard } from '@/components/queue-song-card';
import { CardGrid, CardGridItem, useInViewCoverLoad } from '@/components/song-grid';
import { useQuery } from '@tanstack/react-query';
import { discoverQueries, LATEST_SONGS_COUNT, RECENT_SONGS_COUNT } from './prepare-discover';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 5 }}>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Typography
      sx={{
        color: 'text.secondary',
        py: 4,
        textAlign: 'center',
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 3,
      }}
    >
      {text}
    </Typography>
  );
}

/** `firstOnPage`: the page's top grid, whose first row is in view when the page opens. */
function SongGrid({
  songs,
  label,
  firstOnPage = false,
}: {
  songs: Song[];
  label: string;
  firstOnPage?: boolean;
}) {
  const inViewCoverLoad = useInViewCoverLoad();
  return (
    <CardGrid label={label}>
      {songs.map((song, index) => (
        <CardGridItem key={song._id}>
          {/* docs/product.md §10.6: plays right here, queue = the song then the rest of its section. */}
          <QueueSongCard
            song={song}
            list={songs}
            coverLoad={firstOnPage ? inViewCoverLoad(index) : undefined}
          />
        </CardGridItem>
      ))}
    </CardGrid>
  );
}

export function DiscoverPage() {
  const navigate = useNavigate();
  const latest = useQuery(discoverQueries.latest);
  const recent = useQuery(discoverQueries.recent);
  const playlists = useQuery(discoverQueries.playlists);

  const pending = latest.isPending || recent.isPending || playlists.isPending;
  const failed = latest.isError || recent.isError || playlists.isError;

  const openPlaylist = (playlist: Playlist) => {
    // docs/product.md §10.6: a playlist card opens that playlist in the dashboard's drawer.
    void navigate(`/user/dashboard?playlist=${encodeURIComponent(playlist._id)}`);
  };

  let content: ReactNode;
  if (failed) {
    content = (
      <Alert severity="error" variant="outlined">
        Failed to load music data. Please try again later.
      </Alert>
    );
  } else if (pending) {
    content = <PageSpinner label="Loading music" fullHeight />;
  } else {
    const latestSongs = latest.data.slice(0, LATEST_SONGS_COUNT);
    const recentSongs = recent.data.slice(0, RECENT_SONGS_COUNT).map((entry) => entry.song);
    content = (
      <>
        <Section title="Latest Songs">
          {latestSongs.length === 0 ? (
            <Empty text="No songs available" />
          ) : (
            <SongGrid songs={latestSongs} label="Latest Songs" firstOnPage />
          )}
        </Section>
        <Section title="Recently Played">
          {recentSongs.length === 0 ? (
            <Empty text="No recently played songs" />
          ) : (
            <SongGrid songs={recentSongs} label="Recently Played" />
          )}
        </Section>
        <Section title="Your Playlists">
          {playlists.data.length === 0 ? (
            <Empty text="No playlists created yet" />
          ) : (
            <CardGrid label="Your Playlists">
              {playlists.data.map((playlist) => (
                <CardGridItem key={playlist._id}>
                  <PlaylistCard playlist={playlist} onOpen={openPlaylist} />
                </CardGridItem>
              ))}
            </CardGrid>
          )}
        </Section>
      </>
    );
  }

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }}>
      <PageBreadcrumbs current="Discover" />
      <Typography
        variant="h3"
        component="h1"
        sx={{ mb: 4, fontSize: { xs: '2rem', md: '2.75rem' } }}
      >
        Discover Music
      </Typography>
      {content}
    </Container>
  );
}
