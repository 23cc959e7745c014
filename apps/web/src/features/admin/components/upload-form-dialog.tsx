import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import type { UploadState } from '../hooks/use-upload-progress';
import { UploadOverlay } from './upload-overlay';

/**
 * The frame of a form dialog whose save uploads files (Add/Edit Song, Create/Edit Playlist):
 * full screen on phones, the save error above the fields, Cancel and the submit button, and the
 * upload overlay on top while saving. Neither Cancel nor Escape closes it during an upload.
 */
export function UploadFormDialog({
  title,
  submitLabel,
  submitDisabled,
  upload,
  saveError,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submitLabel: string;
  submitDisabled: boolean;
  upload: UploadState;
  saveError: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
}) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();

  const close = () => {
    if (!upload.active) onClose();
  };

  return (
    <>
      <Dialog
        open
        onClose={close}
        maxWidth="md"
        fullWidth
        fullScreen={fullScreen}
        aria-labelledby={titleId}
      >
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          aria-labelledby={titleId}
          sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
        >
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <DialogContent dividers>
            {saveError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {saveError}
              </Alert>
            )}
            {children}
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button onClick={close} color="inherit" disabled={upload.active}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
      <UploadOverlay open={upload.active} progress={upload.progress} complete={upload.complete} />
    </>
  );
}
