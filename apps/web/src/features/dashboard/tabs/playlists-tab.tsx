import AddIcon from '@mui/icons-material/Add';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Playlist } from '@cadenza/contract/playlists';
import { Link as RouterLink } from 'react-router';
import { PlaylistCard } from '@/components/playlist-card';
import { CardGrid, CardGridItem } from '@/components/song-grid';
import { EmptyState } from '../components/song-section';

/**
 * Playlists: the listener's own (to open, create and delete), then the curated ones apart, so
 * that a new listener is still invited to create a first one.
 */
export function PlaylistsTab({
  ownPlaylists,
  featuredPlaylists,
  onCreate,
  onOpen,
  onDelete,
}: {
  ownPlaylists: readonly Playlist[];
  featuredPlaylists: readonly Playlist[];
  onCreate: () => void;
  onOpen: (playlist: Playlist) => void;
  onDelete: (playlist: Playlist) => void;
}) {
  return (
    <Box component="section" aria-label="Playlists">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h5" component="h2" sx={{ flex: 1 }}>
          Playlists
        </Typography>
        {ownPlaylists.length > 0 && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate}>
            Create Playlist
          </Button>
        )}
        <Button
          variant="outlined"
          startIcon={<AutoAwesomeIcon />}
          component={RouterLink}
          to="/smart-playlists/new"
        >
          New smart playlist
        </Button>
      </Box>
      {ownPlaylists.length === 0 ? (
        <EmptyState text="You haven't created any playlists yet">
          <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate}>
            Create First Playlist
          </Button>
        </EmptyState>
      ) : (
        <CardGrid label="Playlists">
          {ownPlaylists.map((playlist) => (
            <CardGridItem key={playlist._id}>
              <PlaylistCard playlist={playlist} onOpen={onOpen} onDelete={onDelete} />
            </CardGridItem>
          ))}
        </CardGrid>
      )}
      {featuredPlaylists.length > 0 && (
        <>
          <Typography variant="h6" component="h3" sx={{ mt: 4, mb: 2 }}>
            Featured Playlists
          </Typography>
          <CardGrid label="Featured Playlists">
            {featuredPlaylists.map((playlist) => (
              <CardGridItem key={playlist._id}>
                <PlaylistCard playlist={playlist} onOpen={onOpen} />
              </CardGridItem>
            ))}
          </CardGrid>
        </>
      )}
    </Box>
  );
}
