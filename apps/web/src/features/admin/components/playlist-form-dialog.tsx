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
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { adminPlaylistFormSchema, type AdminPlaylistForm } from '@cadenza/contract/admin';
import type { Playlist } from '@cadenza/contract/playlists';
import type { Song } from '@cadenza/contract/songs';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import {
  CoverImageCaption,
  CoverImageInput,
  useCoverImageChoice,
} from '@/components/cover-image-input';
import { PlaylistDetailsFields } from '@/components/playlist-details-fields';
import { formatDuration } from '@/lib/format';
import { useAdminPlaylist } from '@/api/admin/get-admin-playlist';
import { useSavePlaylist } from '@/api/admin/save-playlist';
import { useUploadSave } from '../hooks/use-upload-save';
import { CoverPreview } from './cover-preview';
import { SongListEntry } from './song-list-entry';
import { SongPickerDialog } from './song-picker-dialog';
import { LoadError, TabSpinner } from './tab-states';
import { UploadFormDialog } from './upload-form-dialog';

/** One of the playlist's on/off settings, as a labelled switch. */
function SettingSwitch({
  control,
  name,
  label,
}: {
  control: Control<AdminPlaylistForm>;
  name: 'isDefault' | 'isPublic';
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Switch
              checked={field.value}
              onChange={(event) => field.onChange(event.target.checked)}
            />
          }
        />
      )}
    />
  );
}

/**
 * Create/Edit Playlist (docs/product.md §5, docs/product.md §10.2): name, description, cover, Default and
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
  const savePlaylist = useSavePlaylist();
  const save = useUploadSave({ failed: 'Failed to save playlist', onSaved: onClose });
  const { upload } = save;
  const current = useAdminPlaylist(playlist?._id ?? null);

  const cover = useCoverImageChoice();
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
    const { onProgress, handlers } = save.begin(
      editing ? 'Playlist updated successfully' : 'Playlist created successfully',
    );
    savePlaylist.mutate(
      {
        ...(playlist ? { playlistId: playlist._id } : {}),
        values,
        coverImage: cover.choice?.file ?? null,
        songIds: songs.map((song) => song._id),
        currentSongIds: currentSongs.map((song) => song._id),
        onProgress,
      },
      handlers,
    );
  });

  const submitDisabled = !name?.trim() || upload.active || !songsReady;
  const coverPreview = cover.choice?.previewUrl ?? playlist?.coverImage ?? null;

  return (
    <>
      <UploadFormDialog
        title={editing ? 'Edit Playlist' : 'Create New Playlist'}
        submitLabel={editing ? 'Save Changes' : 'Create Playlist'}
        submitDisabled={submitDisabled}
        save={save}
        onSubmit={(event) => void onSubmit(event)}
        onClose={onClose}
        asideWidth={220}
        aside={
          <Stack spacing={1.5} sx={{ alignItems: { xs: 'center', md: 'stretch' } }}>
            <CoverPreview
              src={coverPreview}
              fallback="playlist"
              iconSize={48}
              sx={{ width: { xs: 140, md: '100%' } }}
            />
            <CoverImageInput
              onChange={cover.handleChange}
              startIcon={<ImageIcon />}
              disabled={upload.active}
            >
              {cover.choice ? 'Change Cover' : 'Choose Cover'}
            </CoverImageInput>
            <CoverImageCaption
              cover={cover}
              variant="caption"
              sx={{ overflowWrap: 'anywhere', textAlign: { xs: 'center', md: 'left' } }}
            />
          </Stack>
        }
      >
        <PlaylistDetailsFields
          name={register('name')}
          description={register('description')}
          errors={formState.errors}
          descriptionLabel="Description"
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
          <SettingSwitch control={control} name="isDefault" label="Default" />
          <SettingSwitch control={control} name="isPublic" label="Public" />
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
                  <SongListEntry
                    song={song}
                    coverSize={36}
                    secondary={`${song.displayArtist} · ${formatDuration(song.duration)}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
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
