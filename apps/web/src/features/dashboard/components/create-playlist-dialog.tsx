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
import { useForm, useWatch } from 'react-hook-form';
import { CoverImageInput, useCoverImageChoice } from '@/components/cover-image-input';
import { useToast } from '@/components/toast-context';
import { useCreatePlaylist } from '@/api/playlists/create-playlist';

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
  const coverChoice = useCoverImageChoice();
  const coverError = coverChoice.error;
  const cover = coverChoice.choice?.file ?? null;
  const preview = coverChoice.choice?.previewUrl ?? null;
  const { register, handleSubmit, reset, control, formState } = useForm<CreatePlaylistForm>({
    resolver: zodResolver(createPlaylistFormSchema),
    defaultValues: { name: '', description: '', isPublic: true },
  });
  const name = useWatch({ control, name: 'name' });

  const close = () => {
    if (createPlaylist.isPending) return;
    reset();
    coverChoice.reset();
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    createPlaylist.mutate(
      { ...values, isPublic: true, coverImage: cover },
      {
        onSuccess: (playlist) => {
          toast.success('Playlist created successfully');
          reset();
          coverChoice.reset();
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
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
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
                <CoverImageInput onChange={coverChoice.handleChange}>
                  {cover ? 'Change Cover Image' : 'Upload Cover Image'}
                </CoverImageInput>
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
