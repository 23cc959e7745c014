import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { MAX_SHARE_DESCRIPTION_LENGTH, type Share } from '@cadenza/contract/shares';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { shareKeys } from '@/api/query-keys';
import { createShare } from '@/api/shares/shares';
import { errorMessage } from '@/lib/api-client';
import { useShareDialog, type ShareTarget } from '@/lib/share-dialog';
import { useToast } from './toast-context';

/** How long a new link works, as the dialog offers it. */
export const SHARE_EXPIRIES = [
  { label: 'Never', days: null },
  { label: '1 day', days: 1 },
  { label: '7 days', days: 7 },
  { label: '30 days', days: 30 },
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The public address of a share's page on this site. */
export function shareLink(share: Pick<Share, 'path'>): string {
  return `${window.location.origin}${share.path}`;
}

/** Copies a share's link, saying whether it worked. */
export function useCopyShareLink(): (share: Pick<Share, 'path'>) => void {
  const toast = useToast();
  return (share) => {
    navigator.clipboard.writeText(shareLink(share)).then(
      () => toast.success('Link copied'),
      () => toast.error('Could not copy the link: select it and copy it yourself'),
    );
  };
}

function ShareForm({ target, onClose }: { target: ShareTarget; onClose: () => void }) {
  const queryClient = useQueryClient();
  const copy = useCopyShareLink();
  const [description, setDescription] = useState('');
  const [expiry, setExpiry] = useState<string>('Never');
  const [allowDownload, setAllowDownload] = useState(false);
  const create = useMutation({
    mutationFn: () => {
      const days = SHARE_EXPIRIES.find((choice) => choice.label === expiry)?.days ?? null;
      return createShare({
        kind: target.kind,
        itemIds: [...target.itemIds],
        description: description.trim() || undefined,
        expiresAt: days === null ? null : new Date(Date.now() + days * DAY_MS).toISOString(),
        allowDownload,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareKeys.mine() }),
  });
  const tooLong = description.trim().length > MAX_SHARE_DESCRIPTION_LENGTH;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tooLong && !create.isPending) create.mutate();
  };

  if (create.data) {
    const share = create.data;
    return (
      <>
        <DialogTitle>Share “{target.name}”</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Alert severity="success">
              Anyone with this link can listen
              {share.expiresAt ? ` until ${new Date(share.expiresAt).toLocaleString()}` : ''}.
            </Alert>
            <TextField
              label="Link"
              value={shareLink(share)}
              slotProps={{ htmlInput: { readOnly: true } }}
              onFocus={(event) => event.target.select()}
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Done</Button>
          <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => copy(share)}>
            Copy link
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={`Share ${target.name}`}>
      <DialogTitle>Share “{target.name}”</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Description (optional)"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            error={tooLong}
            helperText={
              tooLong
                ? `The description must be at most ${MAX_SHARE_DESCRIPTION_LENGTH} characters`
                : 'Shown to the people you send the link to'
            }
            multiline
            minRows={2}
            fullWidth
          />
          <TextField
            select
            label="Link works for"
            value={expiry}
            onChange={(event) => setExpiry(event.target.value)}
            fullWidth
          >
            {SHARE_EXPIRIES.map((choice) => (
              <MenuItem key={choice.label} value={choice.label}>
                {choice.label}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Switch
                checked={allowDownload}
                onChange={(event) => setAllowDownload(event.target.checked)}
              />
            }
            label="Allow downloads"
          />
          {create.isError && (
            <Alert severity="error">
              {errorMessage(create.error, 'Could not create the link.')}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={tooLong || create.isPending}>
          Create link
        </Button>
      </DialogActions>
    </Box>
  );
}

/** "Share": makes a public link to the songs, album or playlist chosen in a menu. */
export function ShareDialog() {
  const target = useShareDialog((state) => state.target);
  const close = useShareDialog((state) => state.close);
  return (
    <Dialog open={target !== null} onClose={close} maxWidth="xs" fullWidth>
      {/* A new form for each target: nothing of the last share is left in it. */}
      {target && <ShareForm key={target.itemIds.join()} target={target} onClose={close} />}
    </Dialog>
  );
}
