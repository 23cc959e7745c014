import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { CreatePlaylistForm } from '@cadenza/contract/playlists';
import { Controller, type Control } from 'react-hook-form';

/**
 * Whether a listener's playlist is public, for the create and edit dialogs. A new playlist
 * starts private: its owner makes it public here.
 */
export function PlaylistPublicSwitch({ control }: { control: Control<CreatePlaylistForm> }) {
  return (
    <Controller
      control={control}
      name="isPublic"
      render={({ field }) => (
        <FormControlLabel
          control={
            <Switch
              checked={field.value}
              onChange={(event) => field.onChange(event.target.checked)}
            />
          }
          label="Public: anyone with the link can open it"
        />
      )}
    />
  );
}
