import { zodResolver } from '@hookform/resolvers/zod';
import {
  createPlaylistFormSchema,
  type CreatePlaylistForm,
  type Playlist,
} from '@cadenza/contract/playlists';
import { useForm, useWatch } from 'react-hook-form';
import { useCoverImageChoice } from '@/components/cover-image-input';
import { FormDialog } from '@/components/form-dialog';
import { ListenerPlaylistFields } from '@/components/listener-playlist-fields';
import { useToast } from '@/components/toast-context';
import { useCreatePlaylist } from '@/api/playlists/create-playlist';

/**
 * 'Create New Playlist': name, optional description and cover (with a preview), and whether it
 * is public: off until its owner turns it on.
 */
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
  const form = useForm<CreatePlaylistForm>({
    resolver: zodResolver(createPlaylistFormSchema),
    defaultValues: { name: '', description: '', isPublic: false },
  });
  const name = useWatch({ control: form.control, name: 'name' });

  const close = () => {
    form.reset();
    coverChoice.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit((values) => {
    createPlaylist.mutate(
      { ...values, coverImage: cover },
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
      <ListenerPlaylistFields form={form} cover={coverChoice} />
    </FormDialog>
  );
}
