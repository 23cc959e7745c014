import SearchOffIcon from '@mui/icons-material/SearchOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PlaylistWithSongs } from '@cadenza/contract/playlists';
import type { Song } from '@cadenza/contract/songs';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useDeletePlaylist } from '@/api/playlists/delete-playlist';
import { usePlaylist } from '@/api/playlists/get-playlist';
import { useMovePlaylistSong } from '@/api/playlists/move-playlist-song';
import { useRemoveSongFromPlaylist } from '@/api/playlists/remove-song-from-playlist';
import { useSmartPlaylist } from '@/api/smart-playlists/get-smart-playlist';
import { useExportSmartPlaylist } from '@/api/smart-playlists/smart-playlist-files';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SmartRulesSummary } from '@/components/smart-rules-summary';
import { useSongActionsWithDialogs } from '@/components/song-actions/song-action-dialogs';
import { StatusPage } from '@/components/status-page';
import { useToast } from '@/components/toast-context';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { usePlayer } from '@/lib/player/player-store';
import { songsAfter, type QueueSource } from '@/lib/player/queue';
import { queueMenuActions } from '@/components/song-actions/queue-menu-actions';
import { AddSongsPanel } from './components/add-songs-panel';
import { EditPlaylistDialog } from './components/edit-playlist-dialog';
import { PlaylistHeader } from './components/playlist-header';
import { PlaylistTracks } from './components/playlist-tracks';

/** /playlist/:id: one playlist, for anyone who may read it; its owner edits it here. */
export function PlaylistPage() {
  const { id = '' } = useParams();
  const playlist = usePlaylist(id);

  if (playlist.isPending) return <PlaylistSkeleton />;
  if (playlist.isError) {
    if (playlist.error instanceof ApiError && playlist.error.status === 404) {
      return (
        <StatusPage
          icon={<SearchOffIcon />}
          title="Playlist not found"
          description="This playlist doesn't exist, or its owner keeps it private."
        >
          <title>Playlist not found · Cadenza</title>
        </StatusPage>
      );
    }
    return (
      <Container maxWidth="lg" sx={{ py: 4 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void playlist.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(playlist.error, 'Failed to open playlist')}
        </Alert>
      </Container>
    );
  }
  return <PlaylistView playlist={playlist.data} />;
}

function PlaylistView({ playlist }: { playlist: PlaylistWithSongs }) {
  const toast = useToast();
  const navigate = useNavigate();
  const userId = useAuthStore((state) => state.user?._id ?? null);
  const { actions, dialogs } = useSongActionsWithDialogs();
  const moveSong = useMovePlaylistSong();
  const removeSong = useRemoveSongFromPlaylist();
  const deletePlaylist = useDeletePlaylist();
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const owns = playlist.owner._id === userId && !playlist.isDefault;
  // A smart playlist's songs follow its rules: its owner edits the rules, never the songs.
  const smart = playlist.isSmart === true;
  const editsSongs = owns && !smart;
  const criteria = useSmartPlaylist(smart ? playlist._id : null);
  const exportFile = useExportSmartPlaylist();
  const { songs } = playlist;
  const songIds = useMemo(() => new Set(songs.map((song) => song._id)), [songs]);

  const source: QueueSource = {
    kind: 'playlist',
    label: playlist.name,
    path: `/playlist/${encodeURIComponent(playlist._id)}`,
  };
  /** Song N plays with N+1 onwards after it (docs/product.md §12.1). */
  const play = (index: number) => {
    const song = songs[index];
    const player = usePlayer.getState();
    if (song) player.playFrom(song, songsAfter(songs, index, player.shuffle), source);
  };
  const shuffle = () => {
    const player = usePlayer.getState();
    if (!player.shuffle) player.toggleShuffle();
    const start = songs[Math.floor(Math.random() * songs.length)];
    if (start) usePlayer.getState().playFrom(start, songs, source);
  };
  const copyLink = () => {
    const link = `${window.location.origin}/playlist/${encodeURIComponent(playlist._id)}`;
    navigator.clipboard.writeText(link).then(
      () => toast.success('Link copied'),
      () => toast.error('Could not copy the link'),
    );
  };
  const move = (song: Song, position: number) => {
    moveSong.mutate(
      { playlistId: playlist._id, songId: song._id, position },
      {
        onError: (error) =>
          toast.error(errorMessage(error, 'Failed to move the song. The order is as it was.')),
      },
    );
  };
  const remove = (song: Song) => {
    removeSong.mutate(
      { playlistId: playlist._id, songId: song._id },
      {
        onSuccess: () => toast.success('Song removed from playlist'),
        onError: () => toast.error('Failed to remove song from playlist'),
      },
    );
  };
  const exportRules = () => {
    exportFile.mutate(playlist, {
      onSuccess: (fileName) => toast.success(`Saved ${fileName}`),
      onError: (error) => toast.error(errorMessage(error, 'Failed to export the smart playlist')),
    });
  };
  const confirmDelete = () => {
    deletePlaylist.mutate(playlist._id, {
      onSuccess: () => {
        toast.success('Playlist deleted successfully');
        void navigate('/library/playlists', { replace: true });
      },
      onError: () => {
        toast.error('Failed to delete playlist');
        setConfirmingDelete(false);
      },
    });
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 4 } }}>
      <title>{`${playlist.name} · Cadenza`}</title>
      <PlaylistHeader
        playlist={playlist}
        actions={{
          onPlay: () => play(0),
          onShuffle: shuffle,
          onCopyLink: playlist.isPublic ? copyLink : undefined,
          onEdit: owns ? () => setEditing(true) : undefined,
          onEditRules:
            owns && smart
              ? () => void navigate(`/smart-playlists/${encodeURIComponent(playlist._id)}/edit`)
              : undefined,
          onExport: owns && smart ? exportRules : undefined,
          onDelete: owns ? () => setConfirmingDelete(true) : undefined,
          menu: queueMenuActions(songs, actions),
        }}
      />
      {criteria.data && (
        <Box sx={{ mt: 3 }}>
          <SmartRulesSummary
            rules={criteria.data.rules}
            sort={criteria.data.sort}
            limit={criteria.data.limit}
          />
        </Box>
      )}
      <Box sx={{ mt: { xs: 3, md: 4 } }}>
        {songs.length === 0 ? (
          <Typography sx={{ color: 'text.secondary', py: 3 }}>
            {smart ? 'No songs match these rules yet' : 'This playlist is empty'}
          </Typography>
        ) : (
          <PlaylistTracks
            songs={songs}
            actions={actions}
            editable={editsSongs}
            onPlay={play}
            onMove={move}
            onRemove={remove}
          />
        )}
      </Box>
      {editsSongs && (
        <Box sx={{ mt: 4 }}>
          <AddSongsPanel playlistId={playlist._id} songIds={songIds} />
        </Box>
      )}
      {dialogs}
      {editing && <EditPlaylistDialog playlist={playlist} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        open={confirmingDelete}
        title="Delete playlist"
        message={`Are you sure you want to delete the playlist "${playlist.name}"?`}
        pending={deletePlaylist.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirmingDelete(false)}
      />
    </Container>
  );
}

/** The page's shape while the playlist loads. */
function PlaylistSkeleton() {
  return (
    <Container
      maxWidth="lg"
      sx={{ py: { xs: 3, md: 4 } }}
      aria-busy="true"
      aria-label="Loading playlist"
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={3}
        sx={{ alignItems: { xs: 'center', sm: 'flex-end' } }}
      >
        <Skeleton
          variant="rounded"
          sx={{ width: { xs: 200, md: 232 }, height: { xs: 200, md: 232 } }}
        />
        <Box sx={{ flex: 1, width: '100%' }}>
          <Skeleton width={120} />
          <Skeleton variant="text" sx={{ fontSize: '3rem' }} width="60%" />
          <Skeleton width="40%" />
          <Skeleton variant="rounded" width={200} height={36} sx={{ mt: 2 }} />
        </Box>
      </Stack>
      <Box sx={{ mt: 4 }}>
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={48} sx={{ mb: 1 }} />
        ))}
      </Box>
    </Container>
  );
}
