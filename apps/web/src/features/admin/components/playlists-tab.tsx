import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Playlist } from '@cadenza/contract/playlists';
import { useState } from 'react';
import { CoverImage } from '@/components/cover-image';
import { useDeleteAdminPlaylist } from '@/api/admin/delete-admin-playlist';
import { useAdminPlaylists } from '@/api/admin/get-admin-playlists';
import { useConfirmedDelete } from '../hooks/use-confirmed-delete';
import { AdminListTab } from './admin-list-tab';
import { PlaylistFormDialog } from './playlist-form-dialog';
import { EmptyState } from './tab-states';

type PlaylistDialog = { mode: 'create' } | { mode: 'edit'; playlist: Playlist };

function AdminPlaylistCard({
  playlist,
  onEdit,
  onDelete,
}: {
  playlist: Playlist;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const songCount = `${playlist.songCount} ${playlist.songCount === 1 ? 'song' : 'songs'}`;
  return (
    <Card
      component="li"
      variant="outlined"
      aria-label={playlist.name}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        borderRadius: 3,
        transition: 'border-color 150ms, transform 150ms',
        '&:hover': { borderColor: 'primary.main', transform: 'translateY(-2px)' },
      }}
    >
      <Box sx={{ position: 'relative' }}>
        <CoverImage src={playlist.coverImage} alt="" fallback="playlist" size={96} />
        {(playlist.isDefault || !playlist.isPublic) && (
          <Box sx={{ position: 'absolute', top: 8, left: 8, display: 'flex', gap: 0.75 }}>
            {playlist.isDefault && (
              <Chip label="Default" size="small" color="primary" sx={{ fontWeight: 600 }} />
            )}
            {!playlist.isPublic && (
              <Chip label="Private" size="small" color="warning" sx={{ fontWeight: 600 }} />
            )}
          </Box>
        )}
      </Box>
      <CardContent sx={{ flex: 1, pb: 1 }}>
        <Typography
          variant="subtitle1"
          component="h3"
          noWrap
          title={playlist.name}
          sx={{ fontWeight: 700 }}
        >
          {playlist.name}
        </Typography>
        <Typography
          variant="body2"
          sx={{
            color: 'text.secondary',
            fontStyle: playlist.description ? 'normal' : 'italic',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            minHeight: '2.86em',
          }}
        >
          {playlist.description || 'No description'}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary', mt: 1, display: 'block' }}>
          {songCount}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, gap: 1 }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<EditIcon />}
          onClick={onEdit}
          aria-label={`Edit ${playlist.name}`}
        >
          Edit
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteIcon />}
          onClick={onDelete}
          aria-label={`Delete ${playlist.name}`}
        >
          Delete
        </Button>
      </CardActions>
    </Card>
  );
}

/** The Playlists tab: the admin's playlists as cards, with create, edit and delete. */
export function PlaylistsTab() {
  const playlists = useAdminPlaylists();
  const deletion = useConfirmedDelete<Playlist>(useDeleteAdminPlaylist(), {
    deleted: 'Playlist deleted successfully',
    failed: 'Failed to delete playlist',
  });
  const [dialog, setDialog] = useState<PlaylistDialog | null>(null);

  return (
    <AdminListTab
      title="Playlists"
      count={['playlist', 'playlists']}
      actions={
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setDialog({ mode: 'create' })}
        >
          Create Playlist
        </Button>
      }
      list={playlists}
      loadingLabel="Loading playlists"
      failed="Failed to load playlists"
      empty={<EmptyState icon={<QueueMusicIcon />} text="No playlists created yet" />}
      deletion={deletion}
      confirmDelete={{
        title: 'Delete Playlist',
        message: 'Are you sure you want to delete this playlist?',
        detail: (playlist) => playlist.name,
      }}
      dialogs={
        dialog && (
          <PlaylistFormDialog
            playlist={dialog.mode === 'edit' ? dialog.playlist : null}
            onClose={() => setDialog(null)}
          />
        )
      }
    >
      {(rows) => (
        <Box
          component="ul"
          aria-label="Playlists"
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: 'repeat(auto-fill, minmax(150px, 1fr))',
              sm: 'repeat(auto-fill, minmax(200px, 1fr))',
            },
            p: 0,
            m: 0,
            listStyle: 'none',
          }}
        >
          {rows.map((playlist) => (
            <AdminPlaylistCard
              key={playlist._id}
              playlist={playlist}
              onEdit={() => setDialog({ mode: 'edit', playlist })}
              onDelete={() => deletion.ask(playlist)}
            />
          ))}
        </Box>
      )}
    </AdminListTab>
  );
}
