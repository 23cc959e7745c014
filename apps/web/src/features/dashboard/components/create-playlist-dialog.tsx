import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  createPlaylistFormSchema,
  MAX_PLAYLIST_DESCRIPTION_LENGTH,
  MAX_PLAYLIST_NAME_LENGTH,
  type CreatePlaylistForm,
} from '@cadenza/contract/playlists';
import type { Playlist } from '@cadenza/contract/playlists';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useToast } from '@/components/toast-context';
import { useCreatePlaylist } from '../api/create-playlist';

export const COVER_NOT_IMAGE_MESSAGE = 'Please choose an image file';

/** 'Create New Playlist': name, optional description and cover (with a preview); public. */
export function CreatePlaylistDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated?: (playlist: Playlist) => void;
}) {
  const toast = useToast();
  const createPlaylist = useCreatePlaylist();
  const fileInputId = useId();
  const [coverChoice, setCoverChoice] = useState<{ file: File; previewUrl: string } | null>(null);
  const [coverError, setCoverError] = useState<string | null>(null);
  const cover = coverChoice?.file ?? null;
  const preview = coverChoice?.previewUrl ?? null;
  const { register, handleSubmit, reset, control, formState } = useForm<CreatePlaylistForm>({
    resolver: zodResolver(createPlaylistFormSchema),
    defaultValues: { name: '', description: '', isPublic: true },
  });
  const name = useWatch({ control, name: 'name' });

  // The preview's object URL is released when it is replaced or the dialog goes away.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const setCover = (file: File | null) =>
    setCoverChoice(file ? { file, previewUrl: URL.createObjectURL(file) } : null);

  const close = () => {
    if (createPlaylist.isPending) return;
    reset();
    setCover(null);
    setCoverError(null);
    onClose();
  };

  const handleCoverChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setCoverError(COVER_NOT_IMAGE_MESSAGE);
      return;
    }
    setCoverError(null);
    setCover(file);
  };

  const onSubmit = handleSubmit((values) => {
    createPlaylist.mutate(
      { ...values, isPublic: true, coverImage: cover },
      {
        onSuccess: (playlist) => {
          toast.success('Playlist created successfully');
          reset();
          setCover(null);
          onClose();
          onCreated?.(playlist);
        },
        onError: () => toast.error('Failed to create playlist'),
      },
    );
  });

  const nameBlank = (name ?? '').trim() === '';

  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle>Create New Playlist</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              label="Playlist Name"
              required
              autoFocus
              {...register('name')}
              error={Boolean(formState.errors.name)}
              helperText={formState.errors.name?.message}
              slotProps={{ htmlInput: { maxLength: MAX_PLAYLIST_NAME_LENGTH } }}
            />
            <TextField
              label="Description (Optional)"
              multiline
              minRows={2}
              {...register('description')}
              error={Boolean(formState.errors.description)}
              helperText={formState.errors.description?.message}
              slotProps={{ htmlInput: { maxLength: MAX_PLAYLIST_DESCRIPTION_LENGTH } }}
            />
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Box
                sx={{
                  width: 96,
                  height: 96,
                  flexShrink: 0,
                  borderRadius: 2,
                  overflow: 'hidden',
                  bgcolor: 'action.hover',
                  display: 'grid',
                  placeItems: 'center',
                  color: 'text.secondary',
                }}
              >
                {preview ? (
                  <Box
                    component="img"
                    src={preview}
                    alt="Cover preview"
                    sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                  />
                ) : (
                  <AddPhotoAlternateIcon fontSize="large" aria-hidden />
                )}
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Button component="label" htmlFor={fileInputId} variant="outlined" size="small">
                  {cover ? 'Change Cover Image' : 'Upload Cover Image'}
                </Button>
                <input
                  id={fileInputId}
                  type="file"
                  accept="image/*"
                  aria-label="Cover image"
                  hidden
                  onChange={handleCoverChange}
                />
                <Typography
                  variant="body2"
                  noWrap
                  sx={{ mt: 0.75, color: coverError ? 'error.main' : 'text.secondary' }}
                  role={coverError ? 'alert' : undefined}
                >
                  {coverError ?? cover?.name ?? 'Optional: JPEG, PNG, WebP or GIF'}
                </Typography>
              </Box>
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} color="inherit" disabled={createPlaylist.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={nameBlank || createPlaylist.isPending}
            startIcon={
              createPlaylist.isPending ? <CircularProgress size={16} color="inherit" /> : undefined
            }
          >
            Create Playlist
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
