import AudioFileIcon from '@mui/icons-material/AudioFile';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DriveFolderUploadIcon from '@mui/icons-material/DriveFolderUpload';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import BlockIcon from '@mui/icons-material/Block';
import ReplayIcon from '@mui/icons-material/Replay';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { Song } from '@cadenza/contract/songs';
import { memo, useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useBulkUpload, type BulkUploadTotals } from '../hooks/use-bulk-upload';
import {
  AUDIO_ACCEPT,
  droppedFiles,
  looksLikeAudio,
  pickedFromInput,
  type PickedFile,
} from '../lib/audio-files';
import type { BulkUploadItem, BulkUploadStatus } from '../lib/upload-queue';

const songName = (song: Song | null) => (song ? `${song.title} — ${song.displayArtist}` : '');

/** What a file's row says about it. */
export function outcomeText(item: BulkUploadItem): string {
  switch (item.status) {
    case 'queued':
      return 'Waiting…';
    case 'uploading':
      return `Uploading… ${item.progress}%`;
    case 'added':
      return `Added: ${songName(item.song)}`;
    case 'duplicate':
      return `Duplicate: already in the library as ${songName(item.song)}`;
    case 'refused':
      return `Refused: ${item.message ?? ''}`;
    case 'failed':
      return `Failed: ${item.message ?? ''}`;
  }
}

const STATUS_ICON: Record<BulkUploadStatus, ReactNode> = {
  queued: <AudioFileIcon sx={{ color: 'text.disabled' }} />,
  uploading: <CloudUploadIcon color="primary" />,
  added: <CheckCircleIcon color="success" />,
  duplicate: <ContentCopyIcon color="info" />,
  refused: <BlockIcon color="warning" />,
  failed: <ErrorOutlineIcon color="error" />,
};

const STATUS_COLOR: Record<BulkUploadStatus, string> = {
  queued: 'text.secondary',
  uploading: 'text.secondary',
  added: 'success.main',
  duplicate: 'info.main',
  refused: 'warning.main',
  failed: 'error.main',
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "3 added, 1 duplicate, 1 refused" (and the failed ones, when some failed). */
export function summaryText(totals: BulkUploadTotals): string {
  const parts = [
    `${totals.added} added`,
    plural(totals.duplicate, 'duplicate', 'duplicates'),
    `${totals.refused} refused`,
  ];
  if (totals.failed > 0) parts.push(`${totals.failed} failed`);
  return parts.join(', ');
}

const FileRow = memo(function FileRow({
  item,
  onRetry,
}: {
  item: BulkUploadItem;
  onRetry: (id: number) => void;
}) {
  const settled = item.status !== 'queued' && item.status !== 'uploading';
  return (
    <Box
      component="li"
      aria-label={item.path}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr) auto',
        alignItems: 'center',
        columnGap: 1.5,
        py: 1.25,
        px: { xs: 0, sm: 1 },
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box aria-hidden sx={{ display: 'grid', placeItems: 'center' }}>
        {STATUS_ICON[item.status]}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" noWrap title={item.path} sx={{ fontWeight: 600 }}>
          {item.path}
        </Typography>
        <Typography
          variant="caption"
          component="p"
          sx={{ color: STATUS_COLOR[item.status], overflowWrap: 'anywhere' }}
        >
          {outcomeText(item)}
        </Typography>
        {!settled && (
          <LinearProgress
            variant="determinate"
            value={item.progress}
            aria-label={`${item.path} progress`}
            sx={{ mt: 0.75, height: 4, borderRadius: 2 }}
          />
        )}
      </Box>
      {item.status === 'failed' ? (
        <Button
          size="small"
          startIcon={<ReplayIcon />}
          onClick={() => onRetry(item.id)}
          aria-label={`Retry ${item.path}`}
        >
          Retry
        </Button>
      ) : (
        <span />
      )}
    </Box>
  );
});

/** The hidden file inputs behind "Choose files" and "Choose folder". */
function FilePickers({ onPicked }: { onPicked: (picked: PickedFile[]) => void }) {
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // Not in React's attribute types: a folder picker that hands over every file beneath it.
    folderInput.current?.setAttribute('webkitdirectory', '');
  }, []);

  const handleChange = (input: HTMLInputElement) => {
    onPicked(pickedFromInput(input.files));
    // Choosing the same files again must fire a change too.
    input.value = '';
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
      <Button
        variant="contained"
        startIcon={<UploadFileIcon />}
        onClick={() => filesInput.current?.click()}
      >
        Choose files
      </Button>
      <Button
        variant="outlined"
        startIcon={<DriveFolderUploadIcon />}
        onClick={() => folderInput.current?.click()}
      >
        Choose folder
      </Button>
      <input
        ref={filesInput}
        type="file"
        multiple
        accept={AUDIO_ACCEPT}
        hidden
        aria-label="Audio files"
        onChange={(event) => handleChange(event.currentTarget)}
      />
      <input
        ref={folderInput}
        type="file"
        multiple
        hidden
        aria-label="Music folder"
        onChange={(event) => handleChange(event.currentTarget)}
      />
    </Box>
  );
}

/**
 * "Upload music": many files or whole folders into the library at once, their tags filling
 * everything. Files go out a few at a time with their own progress and outcome; failed ones can
 * be sent again. While files are on their way, closing asks first, and so does leaving the page.
 */
export function BulkUploadDialog({ onClose }: { onClose: () => void }) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const { queue, items, totals, running, failedIds } = useBulkUpload();
  const [dragging, setDragging] = useState(false);
  const [skipped, setSkipped] = useState(0);
  const [confirmingClose, setConfirmingClose] = useState(false);

  useEffect(() => {
    if (!running) return undefined;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      // Browsers show their own question; the text is theirs.
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [running]);

  const handlePicked = (picked: PickedFile[]) => {
    const audio = picked.filter(looksLikeAudio);
    setSkipped((count) => count + picked.length - audio.length);
    queue.add(audio);
  };

  const handleDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    void droppedFiles(event.dataTransfer).then(handlePicked);
  };

  const handleDragOver = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  const handleClose = () => {
    if (running) setConfirmingClose(true);
    else onClose();
  };

  const handleAbandon = () => {
    queue.abort();
    setConfirmingClose(false);
    onClose();
  };

  const handleRetry = (id: number) => queue.retry([id]);

  return (
    <Dialog
      open
      onClose={handleClose}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>Upload music</DialogTitle>
      <DialogContent dividers>
        <Box
          onDragOver={handleDragOver}
          onDragEnter={handleDragOver}
          onDragLeave={() => setDragging(false)}
          onDrop={handleDrop}
          data-testid="bulk-upload-drop-zone"
          sx={{
            textAlign: 'center',
            py: { xs: 3, sm: 4 },
            px: 2,
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragging ? 'primary.main' : 'divider',
            borderRadius: 3,
            bgcolor: dragging ? 'action.hover' : 'transparent',
            transition: 'border-color 150ms, background-color 150ms',
          }}
        >
          <CloudUploadIcon aria-hidden sx={{ fontSize: 44, color: 'primary.main', mb: 1 }} />
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
            Drop audio files or folders here
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
            Titles, artists, albums and covers come from each file&apos;s tags. Files already in the
            library are not added twice.
          </Typography>
          <FilePickers onPicked={handlePicked} />
        </Box>

        {skipped > 0 && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {plural(skipped, 'file was', 'files were')} left out: not audio, or hidden.
          </Alert>
        )}

        {items.length > 0 && (
          <Box sx={{ mt: 3 }}>
            <Box
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                justifyContent: 'space-between',
                gap: 1,
                mb: 1,
              }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }} role="status">
                {`${totals.settled} of ${plural(totals.files, 'file', 'files')} done`}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-label="Summary">
                {summaryText(totals)}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
              <LinearProgress
                variant="determinate"
                value={totals.percent}
                aria-label="Total progress"
                color={!running && totals.failed === 0 ? 'success' : 'primary'}
                sx={{ flex: 1, height: 8, borderRadius: 4 }}
              />
              <Typography
                variant="body2"
                sx={{ minWidth: 44, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
              >
                {totals.percent}%
              </Typography>
            </Box>
            <Box
              component="ul"
              aria-label="Files"
              sx={{
                listStyle: 'none',
                m: 0,
                p: 0,
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
                px: { xs: 1.5, sm: 1 },
              }}
            >
              {items.map((item) => (
                <FileRow key={item.id} item={item} onRetry={handleRetry} />
              ))}
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {failedIds.length > 0 && (
          <Button startIcon={<ReplayIcon />} onClick={() => queue.retry(failedIds)}>
            Retry failed
          </Button>
        )}
        <Button variant="contained" onClick={handleClose}>
          Close
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirmingClose}
        title="Stop uploading?"
        message={`${plural(totals.files - totals.settled, 'file is', 'files are')} still waiting or on the way. Closing stops them; the files already uploaded stay in the library.`}
        confirmLabel="Stop uploading"
        onConfirm={handleAbandon}
        onClose={() => setConfirmingClose(false)}
      />
    </Dialog>
  );
}
