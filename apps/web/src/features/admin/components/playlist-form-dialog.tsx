import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import ImageIcon from '@mui/icons-material/Image';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { adminPlaylistFormSchema, type AdminPlaylistForm } from '@cadenza/contract/admin';
import {
  MAX_PLAYLIST_DESCRIPTION_LENGTH,
  MAX_PLAYLIST_NAME_LENGTH,
  type Playlist,
} from '@cadenza/contract/playlists';
import type { Song } from '@cadenza/contract/songs';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { CoverImage } from '@/components/cover-image';
import { CoverImageInput, useCoverImageChoice } from '@/components/cover-image-input';
import { useToast } from '@/components/toast-context';
import { errorMessage } from '@/lib/api-client';
import { formatDuration } from '@/lib/format';
import { useAdminPlaylist } from '@/api/admin/get-admin-playlist';
import { useSavePlaylist } from '@/api/admin/save-playlist';
import { useUploadProgress } from '../hooks/use-upload-progress';
import { SongPickerDialog } from './song-picker-dialog';
import { LoadError, TabSpinner } from './tab-states';
import { UploadFormDialog } from './upload-form-dialog';

/**
 * Create/Edit Playlist (SPEC.md §5, DESIGN.md §10.2): name, description, cover, Default and
 * Public, and its songs, which can be added and removed both when creating and when editing.
 */
export function PlaylistFormDialog({
  playlist,
  onClose,
}: {
  playlist: Playlist | null;
  onClose: () => void;
}) {
  const editing = playlist !== null;
  const toast = useToast();
  const savePlaylist = useSavePlaylist();
  const upload = useUploadProgress();
  const current = useAdminPlaylist(playlist?._id ?? null);

  const {
    choice: cover,
    error: coverError,
    handleChange: handleCoverChange,
  } = useCoverImageChoice();
  const [saveError, setSaveError] = useState<string | null>(null);
  /** The chosen songs; null until the admin changes them (then the loaded list is the start). */
  const [chosen, setChosen] = useState<Song[] | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);

  const { register, control, handleSubmit, formState } = useForm<AdminPlaylistForm>({
    resolver: zodResolver(adminPlaylistFormSchema),
    defaultValues: {
      name: playlist?.name ?? '',
      description: playlist?.description ?? '',
      isDefault: playlist?.isDefault ?? true,
      isPublic: playlist?.isPublic ?? true,
    },
  });
  const name = useWatch({ control, name: 'name' });

  const currentSongs = editing ? (current.data?.songs ?? []) : [];
  const songs = chosen ?? currentSongs;
  const songsReady = !editing || current.isSuccess;

  const onSubmit = handleSubmit((values) => {
    setSaveError(null);
    upload.start();
    savePlaylist.mutate(
      {
        ...(playlist ? { playlistId: playlist._id } : {}),
        values,
        coverImage: cover?.file ?? null,
        songIds: songs.map((song) => song._id),
        currentSongIds: currentSongs.map((song) => song._id),
        onProgress: upload.report,
      },
      {
        onSuccess: () =>
          upload.finish(() => {
            toast.success(
              editing ? 'Playlist updated successfully' : 'Playlist created successfully',
            );
            onClose();
          }),
        onError: (error) => {
          upload.fail();
          setSaveError(errorMessage(error, 'Failed to save playlist'));
        },
      },
    );
  });

  const submitDisabled = !name?.trim() || upload.active || !songsReady;
  const coverPreview = cover?.previewUrl ?? playlist?.coverImage ?? null;

  return (
    <>
      <UploadFormDialog
        title={editing ? 'Edit Playlist' : 'Create New Playlist'}
        submitLabel={editing ? 'Save Changes' : 'Create Playlist'}
        submitDisabled={submitDisabled}
        upload={upload}
        saveError={saveError}
        onSubmit={(event) => void onSubmit(event)}
        onClose={onClose}
      >
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: '220px 1fr' },
            alignItems: 'start',
          }}
        >
          <Stack spacing={1.5} sx={{ alignItems: { xs: 'center', md: 'stretch' } }}>
            <Box
              sx={{
                width: { xs: 140, md: '100%' },
                borderRadius: 3,
                overflow: 'hidden',
                bgcolor: 'action.hover',
              }}
            >
              {coverPreview ? (
                <CoverImage
                  src={coverPreview}
                  alt="Cover preview"
                  fallback="playlist"
                  loading="eager"
                />
              ) : (
                <Box
                  sx={{
                    aspectRatio: '1 / 1',
                    display: 'grid',
                    placeItems: 'center',
                    color: 'text.secondary',
                  }}
                >
                  <ImageIcon sx={{ fontSize: 48 }} aria-hidden />
                </Box>
              )}
            </Box>
            <CoverImageInput
              onChange={handleCoverChange}
              startIcon={<ImageIcon />}
              disabled={upload.active}
            >
              {cover ? 'Change Cover' : 'Choose Cover'}
            </CoverImageInput>
            <Typography
              variant="caption"
              role={coverError ? 'alert' : undefined}
              sx={{
                color: coverError ? 'error.main' : 'text.secondary',
                overflowWrap: 'anywhere',
                textAlign: { xs: 'center', md: 'left' },
              }}
            >
              {coverError ?? cover?.file.name ?? 'Optional: JPEG, PNG, WebP or GIF'}
            </Typography>
          </Stack>

          <Stack spacing={2.5}>
            <TextField
              label="Playlist Name"
              required
              {...register('name')}
              error={Boolean(formState.errors.name)}
              helperText={formState.errors.name?.message}
              slotProps={{ htmlInput: { maxLength: MAX_PLAYLIST_NAME_LENGTH } }}
            />
            <TextField
              label="Description"
              multiline
              minRows={2}
              {...register('description')}
              error={Boolean(formState.errors.description)}
              helperText={formState.errors.description?.message}
              slotProps={{ htmlInput: { maxLength: MAX_PLAYLIST_DESCRIPTION_LENGTH } }}
            />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
              <Controller
                control={control}
                name="isDefault"
                render={({ field }) => (
                  <FormControlLabel
                    label="Default"
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                      />
                    }
                  />
                )}
              />
              <Controller
                control={control}
                name="isPublic"
                render={({ field }) => (
                  <FormControlLabel
                    label="Public"
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                      />
                    }
                  />
                )}
              />
            </Box>
            <Typography variant="caption" sx={{ color: 'text.secondary', mt: '0 !important' }}>
              Default playlists that are public appear in every listener’s playlists.
            </Typography>

            <Box>
              <Box
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  gap: 1,
                  mb: 1,
                }}
              >
                <Typography variant="subtitle2" component="h3">
                  Songs{songsReady ? ` (${songs.length})` : ''}
                </Typography>
                <Button
                  size="small"
                  startIcon={<AddIcon />}
                  onClick={() => setPickerOpen(true)}
                  disabled={!songsReady || upload.active}
                >
                  Add Songs
                </Button>
              </Box>
              {editing && current.isPending ? (
                <TabSpinner label="Loading the playlist's songs" />
              ) : editing && current.isError ? (
                <LoadError error={current.error} fallback="Failed to load playlists" />
              ) : songs.length === 0 ? (
                <Typography
                  variant="body2"
                  sx={{
                    color: 'text.secondary',
                    p: 2,
                    border: 1,
                    borderStyle: 'dashed',
                    borderColor: 'divider',
                    borderRadius: 2,
                    textAlign: 'center',
                  }}
                >
                  No songs in this playlist yet
                </Typography>
              ) : (
                <List
                  dense
                  aria-label="Playlist songs"
                  sx={{
                    maxHeight: 260,
                    overflowY: 'auto',
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 2,
                  }}
                >
                  {songs.map((song) => (
                    <ListItem
                      key={song._id}
                      secondaryAction={
                        <IconButton
                          edge="end"
                          aria-label={`Remove ${song.title}`}
                          onClick={() => setChosen(songs.filter((other) => other._id !== song._id))}
                          disabled={upload.active}
                        >
                          <CloseIcon fontSize="small" />
                        </IconButton>
                      }
                    >
                      <ListItemAvatar sx={{ minWidth: 52 }}>
                        <CoverImage
                          src={song.coverImage}
                          alt=""
                          sx={{ width: 36, height: 36, borderRadius: 1 }}
                        />
                      </ListItemAvatar>
                      <ListItemText
                        primary={song.title}
                        secondary={`${song.artist} · ${formatDuration(song.duration)}`}
                        slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                      />
                    </ListItem>
                  ))}
                </List>
              )}
            </Box>
          </Stack>
        </Box>
      </UploadFormDialog>
      {pickerOpen && (
        <SongPickerDialog
          selected={songs}
          onConfirm={(picked) => {
            setChosen(picked);
            setPickerOpen(false);
          }}
          onClose={() => setPickerOpen(false)}
        />
      )}
    </>
  );
}
