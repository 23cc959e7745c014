import { zodResolver } from '@hookform/resolvers/zod';
import {
  createPlaylistFormSchema,
  type CreatePlaylistForm,
  type Playlist,
} from '@cadenza/contract/playlists';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useUpdatePlaylist } from '@/api/playlists/update-playlist';
import { useCoverImageChoice } from '@/components/cover-image-input';
import { FormDialog } from '@/components/form-dialog';
import { ListenerPlaylistFields } from '@/components/listener-playlist-fields';
import { useToast } from '@/components/toast-context';
import { errorMessage } from '@/lib/api-client';

/** Whether the playlist shows a cover its owner uploaded (rather than the default image). */
function uploadedCover(playlist: Playlist): string | null {
  return playlist.coverImage.startsWith('/media/defaults/') ? null : playlist.coverImage;
}

/**
 * 'Edit Playlist' for its owner: name, description, cover (upload, change or remove) and whether
 * it is public. Mounted while open, so it starts from the playlist as it is.
 */
export function EditPlaylistDialog({
  playlist,
  onClose,
}: {
  playlist: Playlist;
  onClose: () => void;
}) {
  const toast = useToast();
  const updatePlaylist = useUpdatePlaylist();
  const coverChoice = useCoverImageChoice();
  const [coverRemoved, setCoverRemoved] = useState(false);
  const form = useForm<CreatePlaylistForm>({
    resolver: zodResolver(createPlaylistFormSchema),
    defaultValues: {
      name: playlist.name,
      description: playlist.description,
      isPublic: playlist.isPublic,
    },
  });
  const name = useWatch({ control: form.control, name: 'name' });
  const current = coverRemoved ? null : uploadedCover(playlist);

  const removeCover = () => {
    coverChoice.reset();
    setCoverRemoved(true);
  };

  const onSubmit = form.handleSubmit((values) => {
    const file = coverChoice.choice?.file ?? null;
    const cover = file ?? (coverRemoved && uploadedCover(playlist) ? 'remove' : null);
    updatePlaylist.mutate(
      { id: playlist._id, ...values, cover },
      {
        onSuccess: () => {
          toast.success('Playlist updated');
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error, 'Failed to save playlist')),
      },
    );
  });

  return (
    <FormDialog
      open
      title="Edit Playlist"
      maxWidth="sm"
      pending={updatePlaylist.isPending}
      submitLabel="Save"
      submitDisabled={(name ?? '').trim() === ''}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <ListenerPlaylistFields
        form={form}
        cover={coverChoice}
        current={current}
        onRemove={removeCover}
      />
    </FormDialog>
  );
}
