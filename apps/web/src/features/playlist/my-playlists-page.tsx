import AddIcon from '@mui/icons-material/Add';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Playlist } from '@cadenza/contract/playlists';
import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { usePlaylists } from '@/api/playlists/get-playlists';
import { CreatePlaylistDialog } from '@/components/song-actions/create-playlist-dialog';
import { ImportSmartPlaylistButton } from '@/components/import-smart-playlist-button';
import { PlaylistCard } from '@/components/playlist-card';
import { errorMessage } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';

const NO_PLAYLISTS: Playlist[] = [];

/** /library/playlists: the listener's own playlists, then the featured (default) ones. */
export function MyPlaylistsPage() {
  const navigate = useNavigate();
  const userId = useAuthStore((state) => state.user?._id ?? null);
  const playlists = usePlaylists();
  const [creating, setCreating] = useState(false);
  const list = playlists.data ?? NO_PLAYLISTS;
  const [own, featured] = useMemo(
    () => [
      list.filter((playlist) => playlist.owner._id === userId),
      list.filter((playlist) => playlist.owner._id !== userId),
    ],
    [list, userId],
  );
  const open = (playlist: Playlist) =>
    void navigate(`/playlist/${encodeURIComponent(playlist._id)}`);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 } }}>
      <title>Playlists · Cadenza</title>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flex: 1, fontWeight: 800 }}>
          Playlists
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          Create Playlist
        </Button>
        <Button
          variant="outlined"
          startIcon={<AutoAwesomeIcon />}
          onClick={() => void navigate('/smart-playlists/new')}
        >
          New smart playlist
        </Button>
        <ImportSmartPlaylistButton onImported={open} />
      </Box>
      {playlists.isPending ? (
        <PlaylistGrid label="Loading playlists">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} variant="rounded" sx={{ aspectRatio: '3 / 4', height: 'auto' }} />
          ))}
        </PlaylistGrid>
      ) : playlists.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void playlists.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(playlists.error, 'Failed to load playlists')}
        </Alert>
      ) : (
        <>
          <Box component="section" aria-labelledby="own-playlists-heading">
            <Typography id="own-playlists-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
              Your playlists
            </Typography>
            {own.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }}>
                You haven&apos;t created any playlists yet
              </Typography>
            ) : (
              <PlaylistGrid>
                {own.map((playlist) => (
                  <PlaylistCard key={playlist._id} playlist={playlist} onOpen={open} />
                ))}
              </PlaylistGrid>
            )}
          </Box>
          {featured.length > 0 && (
            <Box component="section" aria-labelledby="featured-playlists-heading" sx={{ mt: 5 }}>
              <Typography
                id="featured-playlists-heading"
                variant="h6"
                component="h2"
                sx={{ mb: 2 }}
              >
                Featured Playlists
              </Typography>
              <PlaylistGrid>
                {featured.map((playlist) => (
                  <PlaylistCard key={playlist._id} playlist={playlist} onOpen={open} />
                ))}
              </PlaylistGrid>
            </Box>
          )}
        </>
      )}
      <CreatePlaylistDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(playlist) => open(playlist)}
      />
    </Container>
  );
}

function PlaylistGrid({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <Box
      aria-label={label}
      aria-busy={label ? true : undefined}
      sx={{
        display: 'grid',
        gap: { xs: 1.5, md: 2 },
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          md: 'repeat(5, minmax(0, 1fr))',
        },
      }}
    >
      {children}
    </Box>
  );
}
