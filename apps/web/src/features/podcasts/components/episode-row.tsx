import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PodcastEpisode, PodcastPage } from '@cadenza/contract/podcasts';
import { useState } from 'react';
import { useSidePlayer } from '@/lib/side-player';
import { formatDuration } from '@/lib/format';

const STATUS_TEXT: Record<PodcastEpisode['status'], string> = {
  new: 'Not downloaded',
  downloading: 'Downloading…',
  completed: 'Downloaded',
  error: 'Download failed',
  deleted: 'File deleted',
};

function facts(episode: PodcastEpisode): string {
  const parts: string[] = [];
  if (episode.publishedAt) parts.push(new Date(episode.publishedAt).toLocaleDateString());
  if (episode.durationSeconds) parts.push(formatDuration(episode.durationSeconds));
  parts.push(STATUS_TEXT[episode.status]);
  return parts.join(' · ');
}

/** Notes longer than this, or of more paragraphs, show their first lines until opened. */
const SHORT_NOTES = 240;
const isLong = (notes: string) => notes.length > SHORT_NOTES || notes.split('\n').length > 3;
const CLAMPED = {
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;

export interface EpisodeAdminActions {
  readonly download: (episode: PodcastEpisode) => void;
  readonly deleteFile: (episode: PodcastEpisode) => void;
  readonly busy: boolean;
}

/** One episode: its facts, its notes (folded), the listener's place, Play or Resume. */
export function EpisodeRow({
  episode,
  podcast,
  admin,
}: {
  episode: PodcastEpisode;
  podcast: PodcastPage;
  admin: EpisodeAdminActions | null;
}) {
  const play = useSidePlayer((state) => state.play);
  const [open, setOpen] = useState(false);
  const long = isLong(episode.description);
  const started = episode.positionSeconds > 0;
  const progress =
    started && episode.durationSeconds
      ? Math.min(100, (episode.positionSeconds / episode.durationSeconds) * 100)
      : null;

  return (
    <ListItem divider sx={{ display: 'block', px: 0, py: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h3" sx={{ fontWeight: 700 }}>
            {episode.title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {facts(episode)}
          </Typography>
          {episode.errorMessage && (
            <Typography variant="body2" sx={{ color: 'error.main' }}>
              {episode.errorMessage}
            </Typography>
          )}
          {episode.description && (
            <Typography
              variant="body2"
              sx={{ mt: 1, whiteSpace: 'pre-line', ...(long && !open ? CLAMPED : {}) }}
            >
              {episode.description}
            </Typography>
          )}
          {long && (
            <Button size="small" onClick={() => setOpen(!open)} sx={{ px: 0 }}>
              {open ? 'Less' : 'More'}
            </Button>
          )}
          {progress !== null && (
            <LinearProgress
              variant="determinate"
              value={progress}
              aria-label={`Listened to ${Math.round(progress)}%`}
              sx={{ mt: 1, maxWidth: 320, borderRadius: 1 }}
            />
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          {episode.audioUrl && (
            <Button
              variant="contained"
              startIcon={<PlayArrowIcon />}
              aria-label={`${started ? 'Resume' : 'Play'} ${episode.title}`}
              onClick={() =>
                play({
                  kind: 'episode',
                  id: episode._id,
                  podcastId: podcast._id,
                  title: episode.title,
                  podcastTitle: podcast.title,
                  coverUrl: podcast.coverUrl,
                  audioUrl: episode.audioUrl!,
                  startSeconds: episode.positionSeconds,
                })
              }
            >
              {started ? `Resume at ${formatDuration(episode.positionSeconds)}` : 'Play'}
            </Button>
          )}
          {admin && episode.status !== 'completed' && episode.status !== 'downloading' && (
            <Button
              variant="outlined"
              disabled={admin.busy}
              aria-label={`Download ${episode.title}`}
              onClick={() => admin.download(episode)}
            >
              Download
            </Button>
          )}
          {admin && episode.status === 'completed' && (
            <Button
              color="error"
              disabled={admin.busy}
              aria-label={`Delete the file of ${episode.title}`}
              onClick={() => admin.deleteFile(episode)}
            >
              Delete file
            </Button>
          )}
        </Stack>
      </Stack>
    </ListItem>
  );
}
