import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RemoveCircleOutlinedIcon from '@mui/icons-material/RemoveCircleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PlaylistWithSongs } from '@cadenza/contract/playlists';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CoverImage } from '@/components/cover-image';
import { songCountLabel } from '@/components/playlist-card';
import { QueuePanel } from '@/components/queue-panel';
import { songArtist, songTitle } from '@/components/song-card';
import { useToast } from '@/components/toast-context';
import { formatDuration } from '@/lib/format';
import { usePlayer } from '@/lib/player/player-store';
import { useDeletePlaylist } from '@/api/playlists/delete-playlist';
import { usePlaylist } from '@/api/playlists/get-playlist';
import { useRemoveSongFromPlaylist } from '@/api/playlists/remove-song-from-playlist';

export const DASHBOARD_DRAWER_WIDTH = 320;

export type DrawerContent = { kind: 'queue' } | { kind: 'playlist'; id: string } | null;

function PlaylistPanel({
  playlist,
  ownedByUser,
  songsEditable,
  onDeleted,
}: {
  playlist: PlaylistWithSongs;
  ownedByUser: boolean;
  /** A smart playlist's songs follow its rules: none is removed by hand. */
  songsEditable: boolean;
  onDeleted: () => void;
}) {
  const toast = useToast();
  const playFrom = usePlayer((state) => state.playFrom);
  const currentId = usePlayer((state) => state.current?._id);
  const isPlaying = usePlayer((state) => state.isPlaying);
  const removeSong = useRemoveSongFromPlaylist();
  const deletePlaylist = useDeletePlaylist();
  const [confirming, setConfirming] = useState(false);

  const handleDelete = () => {
    deletePlaylist.mutate(playlist._id, {
      onSuccess: () => {
        toast.success('Playlist deleted successfully');
        setConfirming(false);
        onDeleted();
      },
      onError: () => {
        toast.error('Failed to delete playlist');
        setConfirming(false);
      },
    });
  };

  return (
    <Box>
      <Box sx={{ px: 2, pt: 2 }}>
        <Typography variant="h6" component="h2" sx={{ pr: 5, wordBreak: 'break-word' }}>
          Playlist: {playlist.name}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
          <Box sx={{ width: 88, flexShrink: 0, borderRadius: 1.5, overflow: 'hidden' }}>
            <CoverImage src={playlist.coverImage} alt="" fallback="playlist" size={96} />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            {playlist.description && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
                {playlist.description}
              </Typography>
            )}
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {songCountLabel(playlist.songs.length)}
            </Typography>
          </Box>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          {playlist.songs.length > 0 && (
            <Button
              variant="contained"
              size="small"
              startIcon={<PlayArrowIcon />}
              onClick={() => {
                const first = playlist.songs[0];
                if (first) playFrom(first, playlist.songs);
              }}
            >
              Play
            </Button>
          )}
          {ownedByUser && (
            <Button
              size="small"
              color="error"
              variant="outlined"
              startIcon={<DeleteOutlinedIcon />}
              onClick={() => setConfirming(true)}
            >
              Delete
            </Button>
          )}
        </Stack>
      </Box>
      {playlist.songs.length === 0 ? (
        <Typography sx={{ px: 2, py: 3, color: 'text.secondary' }}>
          This playlist is empty
        </Typography>
      ) : (
        <List aria-label={`Songs of ${playlist.name}`} dense sx={{ mt: 1 }}>
          {playlist.songs.map((song) => {
            const active = song._id === currentId;
            return (
              <ListItem
                key={song._id}
                disablePadding
                secondaryAction={
                  songsEditable ? (
                    <IconButton
                      edge="end"
                      size="small"
                      aria-label={`Remove ${songTitle(song)} from playlist`}
                      disabled={removeSong.isPending}
                      onClick={() =>
                        removeSong.mutate(
                          { playlistId: playlist._id, songId: song._id },
                          {
                            onSuccess: () => toast.success('Song removed from playlist'),
                            onError: () => toast.error('Failed to remove song from playlist'),
                          },
                        )
                      }
                    >
                      <RemoveCircleOutlinedIcon fontSize="small" />
                    </IconButton>
                  ) : undefined
                }
              >
                <ListItemButton
                  onClick={() => playFrom(song, playlist.songs)}
                  aria-label={`${active && isPlaying ? 'Pause' : 'Play'} ${songTitle(song)}`}
                  sx={{ gap: 1.5, pr: songsEditable ? 6 : 2 }}
                >
                  <Box sx={{ width: 40, flexShrink: 0, borderRadius: 1, overflow: 'hidden' }}>
                    <CoverImage src={song.coverImage} alt="" size={96} />
                  </Box>
                  <ListItemText
                    primary={songTitle(song)}
                    secondary={`${songArtist(song)} · ${formatDuration(song.duration)}`}
                    slotProps={{
                      primary: {
                        noWrap: true,
                        sx: { fontWeight: 600, color: active ? 'primary.light' : undefined },
                      },
                      secondary: { noWrap: true },
                    }}
                    sx={{ minWidth: 0 }}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Delete playlist "${playlist.name}"`}
        message="This cannot be undone."
        pending={deletePlaylist.isPending}
        onConfirm={handleDelete}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

/** The dashboard's right drawer: the queue ('Now Playing') or the opened playlist. */
export function DashboardDrawer({
  content,
  userId,
  onClose,
}: {
  content: DrawerContent;
  userId: string | undefined;
  onClose: () => void;
}) {
  const toast = useToast();
  const playlistId = content?.kind === 'playlist' ? content.id : null;
  const playlist = usePlaylist(playlistId);
  const failed = playlistId !== null && playlist.isError;

  useEffect(() => {
    if (!failed) return;
    toast.error('Failed to open playlist');
    onClose();
  }, [failed, toast, onClose]);

  return (
    <Drawer
      anchor="right"
      open={content !== null && !failed}
      onClose={onClose}
      slotProps={{
        paper: {
          'aria-label': content?.kind === 'playlist' ? 'Playlist' : 'Queue',
          sx: { width: DASHBOARD_DRAWER_WIDTH, maxWidth: '100vw' },
        },
      }}
    >
      <Box sx={{ position: 'relative', pb: 2 }}>
        <IconButton
          aria-label="Close panel"
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 10, zIndex: 1 }}
        >
          <CloseIcon />
        </IconButton>
        {content?.kind === 'queue' && <QueuePanel />}
        {content?.kind === 'playlist' &&
          (playlist.data ? (
            <PlaylistPanel
              playlist={playlist.data}
              ownedByUser={playlist.data.owner._id === userId}
              songsEditable={playlist.data.owner._id === userId && !playlist.data.isSmart}
              onDeleted={onClose}
            />
          ) : (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
              <CircularProgress aria-label="Loading playlist" />
            </Box>
          ))}
      </Box>
    </Drawer>
  );
}
