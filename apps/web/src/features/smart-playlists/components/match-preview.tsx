import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { SmartPreview } from '@cadenza/contract/smart-playlists';
import { songArtist, songTitle } from '@/components/song-card';
import { ApiError } from '@/lib/api-client';
import { formatTotalDuration } from '@/lib/format';

/** "1 song matches", "42 songs match". */
export function matchCountText(count: number): string {
  return count === 1 ? '1 song matches' : `${count} songs match`;
}

/** The server's words for why the rules cannot be read, each problem once. */
export function ruleProblemsOf(error: unknown): string[] {
  if (!(error instanceof ApiError)) return ['Could not count the matching songs. Try again.'];
  const messages = [error.message, ...error.errors.map((problem) => problem.message)];
  return [...new Set(messages)];
}

export type PreviewState =
  | { kind: 'incomplete' }
  | { kind: 'counting' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'ready'; preview: SmartPreview; stale: boolean };

/**
 * How many songs the rules being edited choose now, their length and the first of them; or,
 * when the server refuses the rules, its message in their place.
 */
export function MatchPreview({ state }: { state: PreviewState }) {
  return (
    <Box component="section" aria-labelledby="smart-preview-heading">
      <Typography id="smart-preview-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        Preview
      </Typography>
      <Box role="status" aria-live="polite" aria-busy={state.kind === 'counting' || undefined}>
        {state.kind === 'incomplete' && (
          <Typography sx={{ color: 'text.secondary' }}>
            Fill in every rule to see how many songs match.
          </Typography>
        )}
        {state.kind === 'counting' && (
          <Typography sx={{ color: 'text.secondary' }}>Counting songs…</Typography>
        )}
        {state.kind === 'ready' && (
          <Box sx={{ opacity: state.stale ? 0.6 : 1 }}>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
              {matchCountText(state.preview.songCount)}
            </Typography>
            {state.preview.songCount > 0 && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {formatTotalDuration(state.preview.duration * 1000)}
              </Typography>
            )}
          </Box>
        )}
      </Box>
      {state.kind === 'failed' && (
        <Alert severity="error">
          <AlertTitle>These rules cannot be used yet</AlertTitle>
          {ruleProblemsOf(state.error).map((problem) => (
            <Box key={problem}>{problem}</Box>
          ))}
        </Alert>
      )}
      {state.kind === 'ready' && state.preview.songs.length > 0 && (
        <List dense aria-label="First matching songs" sx={{ opacity: state.stale ? 0.6 : 1 }}>
          {state.preview.songs.map((song) => (
            <ListItem key={song._id} disableGutters>
              <ListItemText
                primary={songTitle(song)}
                secondary={songArtist(song)}
                slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
