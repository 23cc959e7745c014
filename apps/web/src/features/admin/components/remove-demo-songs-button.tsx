import Button from '@mui/material/Button';
import { useState } from 'react';
import { useToast } from '@/components/toast-context';
import { errorMessage } from '@/lib/api-client';
import { useRemoveDemoSongs } from '@/api/admin/remove-demo-songs';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';

/** "Remove demo songs": the songs the server started with go together, after a question. */
export function RemoveDemoSongsButton() {
  const toast = useToast();
  const removal = useRemoveDemoSongs();
  const [asking, setAsking] = useState(false);

  const confirm = () =>
    removal.mutate(undefined, {
      onSuccess: (message) => {
        setAsking(false);
        toast.success(message);
      },
      onError: (error) => {
        setAsking(false);
        toast.error(errorMessage(error, 'Failed to remove the demo songs'));
      },
    });

  return (
    <>
      <Button color="inherit" onClick={() => setAsking(true)}>
        Remove demo songs
      </Button>
      <ConfirmDeleteDialog
        open={asking}
        title="Remove demo songs"
        message="Every song of the demo library is deleted with its files, all at once. Playlists keep their other songs."
        pending={removal.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
