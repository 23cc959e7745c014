import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { DialogActionRow } from '@/components/dialog-action-row';
import type { UploadSaveState } from '../hooks/use-upload-save';
import { UploadOverlay } from './upload-overlay';

/**
 * The frame of a form dialog whose save uploads files (Add/Edit Song, Create/Edit Playlist):
 * full screen on phones, the save error above the fields, the cover column (`aside`, `asideWidth`
 * pixels wide from medium screens on) beside the fields, Cancel and the submit button, and the
 * upload overlay on top while saving. Neither Cancel nor Escape closes it during an upload.
 */
export function UploadFormDialog({
  title,
  submitLabel,
  submitDisabled,
  save: { upload, saveError },
  onSubmit,
  onClose,
  aside,
  asideWidth,
  children,
}: {
  title: string;
  submitLabel: string;
  submitDisabled: boolean;
  save: UploadSaveState;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  aside: ReactNode;
  asideWidth: number;
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
            <Box
              sx={{
                display: 'grid',
                gap: 3,
                gridTemplateColumns: { xs: '1fr', md: `${asideWidth}px 1fr` },
                alignItems: 'start',
              }}
            >
              {aside}
              <Stack spacing={2.5}>{children}</Stack>
            </Box>
          </DialogContent>
          <DialogActionRow
            onCancel={close}
            cancelDisabled={upload.active}
            confirmLabel={submitLabel}
            confirmDisabled={submitDisabled}
            sx={{ px: 3, py: 2 }}
          />
        </Box>
      </Dialog>
      <UploadOverlay open={upload.active} progress={upload.progress} complete={upload.complete} />
    </>
  );
}
