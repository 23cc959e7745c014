import FolderIcon from '@mui/icons-material/Folder';
import SyncIcon from '@mui/icons-material/Sync';
import TranscodeIcon from '@mui/icons-material/Transform';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TranscodingInfo } from '@cadenza/contract/health';
import {
  libraryMessages,
  type LibraryScanStatus,
  type LibraryStatus,
} from '@cadenza/contract/library';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatElapsed } from '@/lib/format';
import { useLibraryScan } from '@/api/admin/get-library-scan';
import { useStartLibraryScan } from '@/api/admin/start-library-scan';
import { invalidateCatalogue } from '@/api/query-keys';
import { LoadError, SpreadRow } from './tab-states';

export const SCAN_LOAD_FAILED = 'Failed to load the library folders';
export const SCAN_START_FAILED = 'Failed to start the scan';

/** When the running or last scan happened, and how long it took. */
function scanWhen(status: LibraryScanStatus): string {
  if (status.running && status.startedAt)
    return `Scanning since ${formatDateTime(status.startedAt)} (${formatElapsed(status.elapsedMs)} so far)`;
  if (status.finishedAt)
    return `Last scan finished ${formatDateTime(status.finishedAt)}, took ${formatElapsed(status.elapsedMs)}`;
  return 'No scan since the server started.';
}

/** Whether files browsers cannot play get in, played through ffmpeg. */
export function transcodingLine({ available, version, formats }: TranscodingInfo): string {
  if (!available || version === null)
    return 'Transcoding is off: only files browsers play are taken in, and every file is sent as it is. Install ffmpeg on the server to take in other formats (ALAC, AIFF, WMA, APE, WavPack…) and to stream at lower bit rates.';
  return `Transcoding with ffmpeg ${version}: files in other formats are converted as they play (to ${formats.join(', ')}).`;
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Box role="group" aria-label={label}>
      <Typography variant="caption" component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h6" component="dd" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
        {value.toLocaleString()}
      </Typography>
    </Box>
  );
}

/** One file of a scan's report: its path, and what the scan says of it. */
interface FileNote {
  readonly path: string;
  readonly note: string;
}

/** A titled, scrolling list of files the last scan has something to say about. */
function FileNotes({
  title,
  notes,
  more = 0,
  tone,
}: {
  title: string;
  notes: readonly FileNote[];
  more?: number;
  tone: 'error.main' | 'text.secondary';
}) {
  const headingId = useId();
  if (notes.length === 0 && more === 0) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography id={headingId} variant="subtitle2" component="h4" gutterBottom>
        {title}
      </Typography>
      <Box
        component="ul"
        aria-labelledby={headingId}
        sx={{
          m: 0,
          p: 0,
          listStyle: 'none',
          maxHeight: 240,
          overflowY: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
        }}
      >
        {notes.map((entry) => (
          <Box
            component="li"
            key={entry.path}
            sx={{
              px: 1.5,
              py: 1,
              borderBottom: 1,
              borderColor: 'divider',
              '&:last-of-type': { borderBottom: 0 },
            }}
          >
            <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {entry.path}
            </Typography>
            <Typography variant="caption" component="p" sx={{ color: tone }}>
              {entry.note}
            </Typography>
          </Box>
        ))}
      </Box>
      {more > 0 && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          …and {more.toLocaleString()} more.
        </Typography>
      )}
    </Box>
  );
}

function ScanErrors({ status }: { status: LibraryScanStatus }) {
  if (status.errorCount === 0) return null;
  return (
    <FileNotes
      title="Files the scan could not take"
      notes={status.errors.map((error) => ({ path: error.path, note: error.message }))}
      more={status.errorCount - status.errors.length}
      tone="error.main"
    />
  );
}

/** Edits made by hand that a changed file's tags (or a changed `.lrc`) replaced. */
function ReplacedEdits({ status }: { status: LibraryScanStatus }) {
  return (
    <FileNotes
      title="Edits replaced by changed files"
      notes={status.replacedEdits.map((entry) => ({
        path: entry.path,
        note: entry.fields.join(', '),
      }))}
      tone="text.secondary"
    />
  );
}

/**
 * "Library folders": the folders scanned in place (MUSIC_DIR), the running or last scan with
 * its counts, its errors and the edits by hand its changed files replaced, and Scan. While a scan
 * runs the status is asked again every 2 s; when it ends, every list and count of songs is
 * refreshed.
 */
export function LibraryScanPanel() {
  const headingId = useId();
  const queryClient = useQueryClient();
  const scan = useLibraryScan();
  const start = useStartLibraryScan();
  const running = scan.data?.running ?? false;
  const wasRunning = useRef(false);

  useEffect(() => {
    if (wasRunning.current && !running) void invalidateCatalogue(queryClient);
    wasRunning.current = running;
  }, [running, queryClient]);

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, mt: 4 }}
    >
      <SpreadRow mb={2}>
        <Typography id={headingId} variant="h6" component="h2">
          Library folders
        </Typography>
        <Button
          variant="outlined"
          startIcon={running ? <CircularProgress size={16} color="inherit" /> : <SyncIcon />}
          disabled={!scan.data?.configured || running || start.isPending}
          onClick={() => start.mutate()}
        >
          {running ? 'Scanning…' : 'Scan'}
        </Button>
      </SpreadRow>
      {start.isError && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => start.reset()}>
          {errorMessage(start.error, SCAN_START_FAILED)}
        </Alert>
      )}
      {scan.isPending ? (
        <CircularProgress aria-label="Loading the library folders" size={28} />
      ) : scan.isError ? (
        <LoadError error={scan.error} fallback={SCAN_LOAD_FAILED} />
      ) : (
        <>
          {scan.data.configured ? (
            <ScanStatus status={scan.data} />
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>
              {libraryMessages.notConfigured}
            </Typography>
          )}
          <Transcoding status={scan.data} />
        </>
      )}
    </Paper>
  );
}

function Transcoding({ status }: { status: LibraryStatus }) {
  return (
    <Typography
      variant="body2"
      aria-label="Transcoding"
      sx={{ color: 'text.secondary', mt: 2, display: 'flex', gap: 1, alignItems: 'flex-start' }}
    >
      <TranscodeIcon fontSize="small" aria-hidden sx={{ mt: '1px' }} />
      {transcodingLine(status.transcoding)}
    </Typography>
  );
}

function ScanStatus({ status }: { status: LibraryScanStatus }) {
  return (
    <>
      <Box
        component="ul"
        aria-label="Folders"
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5, mb: 2 }}
      >
        {status.folders.map((folder) => (
          <Box
            component="li"
            key={folder}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}
          >
            <FolderIcon fontSize="small" sx={{ color: 'primary.main' }} aria-hidden />
            <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {folder}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }} role="status">
        {scanWhen(status)}
      </Typography>
      {status.startedAt && (
        <Box
          component="dl"
          aria-label="Scan counts"
          sx={{
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'repeat(4, 1fr)', sm: 'repeat(7, 1fr)' },
          }}
        >
          <Count label="Files seen" value={status.seen} />
          <Count label="Added" value={status.added} />
          <Count label="Updated" value={status.updated} />
          <Count label="Moved" value={status.moved} />
          <Count label="Removed" value={status.removed} />
          <Count label="Unchanged" value={status.unchanged} />
          <Count label="Errors" value={status.errorCount} />
        </Box>
      )}
      <ScanErrors status={status} />
      <ReplacedEdits status={status} />
    </>
  );
}
