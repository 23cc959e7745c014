import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminUser } from '@cadenza/contract/accounts';
import { STREAMING_QUALITIES, type StreamingQuality } from '@cadenza/contract/streaming-quality';
import { useState } from 'react';
import { useToast } from '@/components/toast-context';
import { errorMessage } from '@/lib/api-client';
import { useSetStreamingLimit } from '@/api/admin/account-actions';
import { streamingLimitLabel } from './streaming-limit-setting';

/** The richest stream one account may have, below the server-wide limit. */
export function StreamingLimitDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const toast = useToast();
  const [limit, setLimit] = useState<StreamingQuality>(user.streamingQualityLimit);
  const save = useSetStreamingLimit();
  const submit = () =>
    save.mutate(
      { id: user._id, limit },
      {
        onSuccess: () => {
          toast.success(`Streaming limit of ${user.name} saved`);
          onClose();
        },
        onError: (failure) => toast.error(errorMessage(failure, 'Failed to save the limit')),
      },
    );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="streaming-limit-title">
      <DialogTitle id="streaming-limit-title">Streaming limit of {user.name}</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          size="small"
          label="Highest streaming quality"
          value={limit}
          onChange={(event) => setLimit(event.target.value as StreamingQuality)}
          sx={{ mt: 1 }}
        >
          {STREAMING_QUALITIES.map((quality) => (
            <MenuItem key={quality} value={quality}>
              {streamingLimitLabel(quality)}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
          Their streams, in the web player and in apps, are made smaller above it. The server-wide
          limit (Settings) holds too.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
