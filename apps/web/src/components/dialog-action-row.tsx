import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * The row at the foot of a dialog: Cancel, then the dialog's action. Without `onConfirm` the
 * action submits the surrounding form; `busy` shows a spinner in it while the action runs.
 */
export function DialogActionRow({
  onCancel,
  cancelDisabled,
  confirmLabel,
  confirmDisabled,
  onConfirm,
  confirmColor,
  busy = false,
  sx = { px: 3, pb: 2 },
}: {
  onCancel: () => void;
  cancelDisabled?: boolean;
  confirmLabel: string;
  confirmDisabled?: boolean;
  onConfirm?: () => void;
  confirmColor?: ButtonProps['color'];
  busy?: boolean;
  sx?: SxProps<Theme>;
}) {
  return (
    <DialogActions sx={sx}>
      <Button onClick={onCancel} color="inherit" disabled={cancelDisabled}>
        Cancel
      </Button>
      <Button
        {...(onConfirm ? { onClick: onConfirm } : { type: 'submit' as const })}
        variant="contained"
        color={confirmColor}
        disabled={confirmDisabled}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {confirmLabel}
      </Button>
    </DialogActions>
  );
}
