import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DialogActionRow } from '@/components/dialog-action-row';

/** The admin's yes/no question before a delete. */
export function ConfirmDeleteDialog({
  open,
  title,
  message,
  detail,
  pending,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  message: string;
  /** What is about to go, e.g. the song's title. */
  detail?: string | undefined;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
        {detail && (
          <DialogContentText sx={{ mt: 1, color: 'text.primary', fontWeight: 600 }}>
            {detail}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActionRow
        onCancel={onClose}
        cancelDisabled={pending}
        confirmLabel="Delete"
        confirmDisabled={pending}
        onConfirm={onConfirm}
        confirmColor="error"
        busy={pending}
      />
    </Dialog>
  );
}
