import FileUploadIcon from '@mui/icons-material/FileUpload';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { HistoryImport, HistorySource } from '@cadenza/contract/listening-history';
import { useRef, useState } from 'react';
import { useImportProgress, useStartImport } from '@/api/history/history-imports';
import { PageHeading } from '@/components/page-heading';
import { errorMessage } from '@/lib/api-client';

const SOURCES: ReadonlyArray<{
  value: HistorySource;
  label: string;
  file: string;
  accept: string;
}> = [
  {
    value: 'spotify',
    label: 'Spotify',
    file: 'a Streaming_History_Audio_….json file of your extended streaming history',
    accept: '.json,application/json',
  },
  {
    value: 'listenbrainz',
    label: 'ListenBrainz',
    file: 'the listens file of your ListenBrainz export (JSON lines)',
    accept: '.json,.jsonl,application/json',
  },
  {
    value: 'lastfm',
    label: 'Last.fm',
    file: 'a CSV of your scrobbles from a Last.fm exporter',
    accept: '.csv,text/csv',
  },
];

function ImportProgress({ progress }: { progress: HistoryImport }) {
  const percent = progress.total === 0 ? 100 : (progress.processed / progress.total) * 100;
  const summary =
    `${progress.processed} of ${progress.total} listens processed: ${progress.matched} matched, ` +
    `${progress.unmatched} unmatched, ${progress.duplicates} already brought, ` +
    `${progress.skipped} skipped`;
  return (
    <Stack spacing={1} aria-live="polite">
      <Typography variant="subtitle1">
        {progress.status === 'running'
          ? 'Bringing your history…'
          : progress.status === 'done'
            ? 'Your history is here.'
            : 'The import stopped before its end.'}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label="Import progress"
        aria-valuetext={`${Math.round(percent)}%`}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {summary}
      </Typography>
    </Stack>
  );
}

/**
 * The Bring your history tab: a file of Spotify, ListenBrainz or Last.fm goes to the server,
 * which matches its listens to the library's songs in the background; the tab shows how far it
 * got. Listens no song matched wait on the Unmatched tab.
 */
export function HistoryImportPanel() {
  const [source, setSource] = useState<HistorySource>('spotify');
  const [importId, setImportId] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const start = useStartImport();
  const progress = useImportProgress(importId);
  const chosen = SOURCES.find((entry) => entry.value === source) ?? SOURCES[0]!;

  const send = (file: File | undefined) => {
    if (!file) return;
    start.mutate({ source, file }, { onSuccess: (started) => setImportId(started.id) });
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <PageHeading
        title="Bring your history"
        subtitle="Your plays elsewhere become plays here, at the time you played them"
      />
      <Stack spacing={1}>
        <FormLabel id="history-source-label">Where the history comes from</FormLabel>
        <RadioGroup
          row
          aria-labelledby="history-source-label"
          value={source}
          onChange={(event) => setSource(event.target.value as HistorySource)}
        >
          {SOURCES.map((entry) => (
            <FormControlLabel
              key={entry.value}
              value={entry.value}
              control={<Radio />}
              label={entry.label}
            />
          ))}
        </RadioGroup>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {`Choose ${chosen.file}. Sending the same file again adds nothing twice.`}
          {source === 'spotify' && ' Streams shorter than 30 seconds are skipped, as Spotify does.'}
        </Typography>
      </Stack>
      <input
        ref={input}
        type="file"
        accept={chosen.accept}
        aria-label={`${chosen.label} history file`}
        hidden
        onChange={(event) => {
          send(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <div>
        <Button
          variant="contained"
          startIcon={<FileUploadIcon />}
          loading={start.isPending}
          disabled={progress.data?.status === 'running'}
          onClick={() => input.current?.click()}
        >
          {`Choose a ${chosen.label} file`}
        </Button>
      </div>
      {start.isError && (
        <Alert severity="error">
          {errorMessage(start.error, 'The history file could not be sent.')}
        </Alert>
      )}
      {progress.data && <ImportProgress progress={progress.data} />}
    </Stack>
  );
}
