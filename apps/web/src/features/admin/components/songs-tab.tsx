import AddIcon from '@mui/icons-material/Add';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Song } from '@cadenza/contract/songs';
import { useState } from 'react';
import { CoverImage } from '@/components/cover-image';
import { capitalize, formatDuration } from '@/lib/format';
import { useAdminSongs } from '@/api/admin/get-admin-songs';
import { useDeleteSong } from '@/api/admin/delete-song';
import { useConfirmedDelete } from '../hooks/use-confirmed-delete';
import { AdminListTab } from './admin-list-tab';
import { AdminTable } from './admin-table';
import { BulkUploadDialog } from './bulk-upload-dialog';
import { RemoveDemoSongsButton } from './remove-demo-songs-button';
import { SongFormDialog } from './song-form-dialog';
import { EmptyState } from './tab-states';

/** Columns that give way on phones; their content moves under the title. */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

type SongDialog = { mode: 'add' } | { mode: 'edit'; song: Song } | { mode: 'bulk' };

/** The Songs tab: the library as a table, with add, bulk upload, edit and delete. */
export function SongsTab() {
  const songs = useAdminSongs();
  const deletion = useConfirmedDelete<Song>(useDeleteSong(), {
    deleted: 'Song deleted successfully',
    failed: 'Failed to delete song',
  });
  const [dialog, setDialog] = useState<SongDialog | null>(null);
  const addButton = (variant: 'contained' | 'outlined') => (
    <Button variant={variant} startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'add' })}>
      Add Song
    </Button>
  );
  const uploadButton = (
    <Button
      variant="outlined"
      startIcon={<CloudUploadIcon />}
      onClick={() => setDialog({ mode: 'bulk' })}
    >
      Upload music
    </Button>
  );

  return (
    <AdminListTab
      title="Songs"
      count={['song', 'songs']}
      actions={
        <>
          <RemoveDemoSongsButton />
          {uploadButton}
          {addButton('contained')}
        </>
      }
      list={songs}
      loadingLabel="Loading songs"
      failed="Failed to load songs"
      empty={
        <EmptyState icon={<LibraryMusicIcon />} text="No songs yet. Add the first one.">
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
            {addButton('outlined')}
            {uploadButton}
          </Box>
        </EmptyState>
      }
      deletion={deletion}
      confirmDelete={{
        title: 'Delete Song',
        message: 'Are you sure you want to delete this song?',
        detail: (song) => `${song.title} by ${song.displayArtist}`,
      }}
      dialogs={
        dialog &&
        (dialog.mode === 'bulk' ? (
          <BulkUploadDialog onClose={() => setDialog(null)} />
        ) : (
          <SongFormDialog
            song={dialog.mode === 'edit' ? dialog.song : null}
            onClose={() => setDialog(null)}
          />
        ))
      }
    >
      {(rows) => (
        <AdminTable
          label="Songs"
          sx={{ minWidth: { sm: 640 } }}
          head={
            <>
              <TableCell sx={{ width: { xs: 56, sm: 72 }, pr: { xs: 0, sm: 2 } }}>Cover</TableCell>
              <TableCell>Title</TableCell>
              <TableCell sx={wideOnly}>Artist</TableCell>
              <TableCell sx={wideOnly}>Genre</TableCell>
              <TableCell sx={wideOnly}>Duration</TableCell>
              <TableCell align="right">Actions</TableCell>
            </>
          }
        >
          {rows.map((song) => (
            <TableRow key={song._id} hover>
              <TableCell sx={{ py: 1, pr: { xs: 0, sm: 2 } }}>
                <CoverImage
                  src={song.coverImage}
                  alt=""
                  size={96}
                  sx={{ width: 44, height: 44, borderRadius: 1.5 }}
                />
              </TableCell>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {song.title}
                </Typography>
                {song.album && (
                  <Typography
                    variant="caption"
                    sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' } }}
                  >
                    {song.album}
                  </Typography>
                )}
                <Typography
                  variant="caption"
                  sx={{ color: 'text.secondary', display: { xs: 'block', sm: 'none' } }}
                >
                  {song.displayArtist} · {formatDuration(song.duration)}
                </Typography>
              </TableCell>
              <TableCell sx={{ ...wideOnly, color: 'text.secondary' }}>
                {song.displayArtist}
              </TableCell>
              <TableCell sx={wideOnly}>
                <Chip size="small" variant="outlined" label={capitalize(song.genre)} />
              </TableCell>
              <TableCell sx={{ ...wideOnly, fontVariantNumeric: 'tabular-nums' }}>
                {formatDuration(song.duration)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title="Edit">
                  <IconButton
                    aria-label={`Edit ${song.title}`}
                    onClick={() => setDialog({ mode: 'edit', song })}
                  >
                    <EditIcon />
                  </IconButton>
                </Tooltip>
                <Tooltip title="Delete">
                  <IconButton
                    aria-label={`Delete ${song.title}`}
                    color="error"
                    onClick={() => deletion.ask(song)}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </AdminTable>
      )}
    </AdminListTab>
  );
}
