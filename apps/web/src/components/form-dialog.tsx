import Box from '@mui/material/Box';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { FormEventHandler, ReactNode } from 'react';
import { DialogActionRow } from './dialog-action-row';

/**
 * A small dialog that is one form: its title, the fields, then Cancel and the submit button.
 * While `pending`, neither Cancel, Escape nor a click outside closes it, and the submit button
 * shows a spinner.
 */
export function FormDialog({
  open,
  title,
  maxWidth,
  formLabel,
  pending,
  submitLabel,
  submitDisabled = false,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  maxWidth: DialogProps['maxWidth'];
  /** The form's accessible name, where it needs one of its own. */
  formLabel?: string;
  pending: boolean;
  submitLabel: string;
  submitDisabled?: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
}) {
  const close = () => {
    if (!pending) onClose();
  };

  return (
    <Dialog open={open} onClose={close} maxWidth={maxWidth} fullWidth>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={formLabel}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActionRow
          onCancel={close}
          cancelDisabled={pending}
          confirmLabel={submitLabel}
          confirmDisabled={submitDisabled || pending}
          busy={pending}
        />
      </Box>
    </Dialog>
  );
}
