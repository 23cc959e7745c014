import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import {
  createPlaylistFormSchema,
  type CreatePlaylistForm,
  type Playlist,
} from '@cadenza/contract/playlists';
import { useForm, useWatch } from 'react-hook-form';
import {
  CoverImageCaption,
  CoverImageInput,
  useCoverImageChoice,
} from '@/components/cover-image-input';
import { FormDialog } from '@/components/form-dialog';
import { PlaylistDetailsFields } from '@/components/playlist-details-fields';
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
  const cover = coverChoice.choice?.file ?? null;
  const preview = coverChoice.choice?.previewUrl ?? null;
  const { register, handleSubmit, reset, control, formState } = useForm<CreatePlaylistForm>({
    resolver: zodResolver(createPlaylistFormSchema),
    defaultValues: { name: '', description: '', isPublic: true },
  });
  const name = useWatch({ control, name: 'name' });

  const close = () => {
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
          close();
          onCreated?.(playlist);
        },
        onError: () => toast.error('Failed to create playlist'),
      },
    );
  });

  const nameBlank = (name ?? '').trim() === '';

  return (
    <FormDialog
      open={open}
      title="Create New Playlist"
      maxWidth="sm"
      pending={createPlaylist.isPending}
      submitLabel="Create Playlist"
      submitDisabled={nameBlank}
      onSubmit={(event) => void onSubmit(event)}
      onClose={close}
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <PlaylistDetailsFields
          name={register('name')}
          description={register('description')}
          errors={formState.errors}
          descriptionLabel="Description (Optional)"
          autoFocus
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
            <CoverImageCaption cover={coverChoice} variant="body2" noWrap sx={{ mt: 0.75 }} />
          </Box>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
