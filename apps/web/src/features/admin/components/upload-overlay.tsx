import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

export const UPLOADING_MESSAGE =
  'Please wait while your file is being uploaded to the cloud. This may take a moment depending on file size.';
export const UPLOAD_COMPLETE_MESSAGE = 'Upload complete! Processing...';

/**
 * Shown over a dialog while its save uploads. It has no close control and ignores Escape and
 * backdrop clicks: the upload cannot be interrupted halfway.
 */
export function UploadOverlay({
  open,
  progress,
  complete,
}: {
  open: boolean;
  progress: number;
  complete: boolean;
}) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={open}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      aria-describedby={messageId}
      slotProps={{ paper: { sx: { borderRadius: 4 } } }}
    >
      <DialogContent sx={{ textAlign: 'center', py: 4, px: { xs: 3, sm: 4 } }}>
        <Box
          aria-hidden
          sx={{
            mx: 'auto',
            mb: 2,
            width: 64,
            height: 64,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: complete ? 'success.dark' : 'action.hover',
            color: complete ? 'success.contrastText' : 'primary.main',
            transition: 'background-color 200ms',
            '& svg': { fontSize: 34 },
          }}
        >
          {complete ? <CheckCircleIcon /> : <CloudUploadIcon />}
        </Box>
        <Typography id={titleId} variant="h6" component="h2" gutterBottom>
          {complete ? 'Upload complete' : 'Uploading'}
        </Typography>
        <Typography
          id={messageId}
          variant="body2"
          sx={{ color: 'text.secondary', mb: 3 }}
          role="status"
        >
          {complete ? UPLOAD_COMPLETE_MESSAGE : UPLOADING_MESSAGE}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label="Upload progress"
            color={complete ? 'success' : 'primary'}
            sx={{ flex: 1, height: 8, borderRadius: 4 }}
          />
          <Typography
            variant="body2"
            sx={{ minWidth: 44, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
          >
            {progress}%
          </Typography>
        </Box>
      </DialogContent>
    </Dialog>
  );
}
