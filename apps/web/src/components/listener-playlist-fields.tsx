import Stack from '@mui/material/Stack';
import type { CreatePlaylistForm } from '@cadenza/contract/playlists';
import type { UseFormReturn } from 'react-hook-form';
import type { useCoverImageChoice } from './cover-image-input';
import { PlaylistCoverField } from './playlist-cover-field';
import { PlaylistDetailsFields } from './playlist-details-fields';
import { PlaylistPublicSwitch } from './playlist-public-switch';

/**
 * The fields of the listener's 'Create New Playlist' and 'Edit Playlist' dialogs: name,
 * optional description, cover and whether the playlist is public.
 */
export function ListenerPlaylistFields({
  form,
  cover,
  current,
  onRemove,
}: {
  form: UseFormReturn<CreatePlaylistForm>;
  cover: ReturnType<typeof useCoverImageChoice>;
  /** The cover the playlist has now, for the edit dialog. */
  current?: string | null;
  onRemove?: () => void;
}) {
  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      <PlaylistDetailsFields
        name={form.register('name')}
        description={form.register('description')}
        errors={form.formState.errors}
        descriptionLabel="Description (Optional)"
        autoFocus
      />
      <PlaylistCoverField cover={cover} current={current} onRemove={onRemove} />
      <PlaylistPublicSwitch control={form.control} />
    </Stack>
  );
}
