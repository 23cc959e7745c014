import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Playlist } from '@cadenza/contract/playlists';
import type { Song } from '@cadenza/contract/songs';
import { CoverImage } from '@/components/cover-image';
import { songCountLabel } from '@/components/playlist-card';
import { useToast } from '@/components/toast-context';
import { useAddSongToPlaylist } from '@/api/playlists/add-song-to-playlist';
import { ApiError } from '@/lib/api-client';

/** 'Add to Playlist': the user's own playlists (docs/product.md §10.1), or a way to create one. */
export function AddToPlaylistDialog({
  song,
  playlists: given,
  onClose,
  onCreatePlaylist,
}: {
  song: Song | null;
  playlists: Playlist[];
  onClose: () => void;
  onCreatePlaylist: () => void;
}) {
  const toast = useToast();
  const addSong = useAddSongToPlaylist();
  // A smart playlist's songs follow its rules: no song is added to one by hand.
  const playlists = given.filter((playlist) => !playlist.isSmart);

  const handleChoose = (playlist: Playlist) => {
    if (!song) return;
    addSong.mutate(
      { playlistId: playlist._id, songId: song._id },
      {
        onSuccess: () => {
          toast.success('Song added to playlist');
          onClose();
        },
        onError: (error) => {
          // Nothing failed: the song is where the listener wants it, only not added a second time.
          if (error instanceof ApiError && error.code === 'song_already_in_playlist') {
            toast.info('This song is already in the playlist.');
            onClose();
            return;
          }
          toast.error('Failed to add song to playlist');
        },
      },
    );
  };

  return (
    <Dialog open={song !== null} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Add to Playlist</DialogTitle>
      <DialogContent sx={{ px: playlists.length > 0 ? 1 : 3 }}>
        {playlists.length === 0 ? (
          <Box sx={{ textAlign: 'center', py: 2 }}>
            <Typography sx={{ color: 'text.secondary', mb: 2 }}>
              You don&apos;t have any playlists yet
            </Typography>
            <Button variant="contained" startIcon={<AddIcon />} onClick={onCreatePlaylist}>
              Create Playlist
            </Button>
          </Box>
        ) : (
          <List aria-label="Your playlists">
            {playlists.map((playlist) => (
              <ListItem key={playlist._id} disablePadding>
                <ListItemButton
                  disabled={addSong.isPending}
                  onClick={() => handleChoose(playlist)}
                  sx={{ borderRadius: 2 }}
                >
                  <ListItemAvatar>
                    <Box sx={{ width: 44, borderRadius: 1, overflow: 'hidden' }}>
                      <CoverImage src={playlist.coverImage} alt="" fallback="playlist" size={96} />
                    </Box>
                  </ListItemAvatar>
                  <ListItemText
                    primary={playlist.name}
                    secondary={songCountLabel(playlist.songCount)}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {playlists.length > 0 && (
          <Button startIcon={<AddIcon />} onClick={onCreatePlaylist} sx={{ mr: 'auto' }}>
            New Playlist
          </Button>
        )}
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  );
}
