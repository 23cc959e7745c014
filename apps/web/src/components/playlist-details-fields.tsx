import TextField from '@mui/material/TextField';
import {
  MAX_PLAYLIST_DESCRIPTION_LENGTH,
  MAX_PLAYLIST_NAME_LENGTH,
} from '@cadenza/contract/playlists';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface FieldMessage {
  message?: string | undefined;
}

/**
 * A playlist's name (required) and description, registered with the caller's form; each field
 * shows its validation message under it. The caller labels the description: the listener's
 * 'Create New Playlist' calls it 'Description (Optional)' (docs/product.md §2), the admin's form
 * 'Description'.
 */
export function PlaylistDetailsFields({
  name,
  description,
  errors,
  descriptionLabel,
  autoFocus,
}: {
  name: UseFormRegisterReturn<'name'>;
  description: UseFormRegisterReturn<'description'>;
  errors: { name?: FieldMessage | undefined; description?: FieldMessage | undefined };
  descriptionLabel: string;
  /** Focus the name when the dialog opens. */
  autoFocus?: boolean;
}) {
  return (
    <>
      <TextField
        label="Playlist Name"
        required
        autoFocus={autoFocus}
        {...name}
        error={Boolean(errors.name)}
        helperText={errors.name?.message}
        slotProps={{ htmlInput: { maxLength: MAX_PLAYLIST_NAME_LENGTH } }}
      />
      <TextField
        label={descriptionLabel}
        multiline
        minRows={2}
        {...description}
        error={Boolean(errors.description)}
        helperText={errors.description?.message}
        slotProps={{ htmlInput: { maxLength: MAX_PLAYLIST_DESCRIPTION_LENGTH } }}
      />
    </>
  );
}
