import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PodcastEpisode } from '@cadenza/contract/podcasts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  deleteEpisodeFile,
  downloadEpisode,
  getPodcast,
  refreshPodcasts,
  setPodcastAutoDownload,
  unsubscribeFromPodcast,
} from '@/api/podcasts/podcasts';
import { podcastKeys } from '@/api/query-keys';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeading, PageSection } from '@/components/page-heading';
import { useToast } from '@/components/toast-context';
import { errorMessage } from '@/lib/api-client';
import { selectIsAdmin, useAuthStore } from '@/lib/auth-store';
import { EpisodeRow } from './components/episode-row';

const AUTO_DOWNLOAD_CHOICES = [0, 1, 3, 5, 10, 20];
/** While an episode downloads, its page asks again this often. */
const DOWNLOAD_POLL_MS = 3000;

/** /podcasts/:id: a podcast's episodes, newest first, played in the episode player. */
export function PodcastPage() {
  const { id = '' } = useParams();
  const isAdmin = useAuthStore(selectIsAdmin);
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const page = useQuery({
    queryKey: podcastKeys.page(id),
    queryFn: ({ signal }) => getPodcast(id, signal),
    refetchInterval: (query) =>
      query.state.data?.episodes.some((episode) => episode.status === 'downloading')
        ? DOWNLOAD_POLL_MS
        : false,
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: podcastKeys.all });
  const fail = (fallback: string) => (error: unknown) => toast.error(errorMessage(error, fallback));

  const episodeAction = useMutation({
    mutationFn: ({
      episode,
      action,
    }: {
      episode: PodcastEpisode;
      action: 'download' | 'delete';
    }) => (action === 'download' ? downloadEpisode(episode._id) : deleteEpisodeFile(episode._id)),
    onSuccess: (_answer, { episode, action }) => {
      toast.success(
        action === 'download'
          ? `Downloading ${episode.title}`
          : `Deleted the file of ${episode.title}`,
      );
      return reload();
    },
    onError: fail('That did not work'),
  });
  const autoDownload = useMutation({
    mutationFn: (count: number) => setPodcastAutoDownload(id, count),
    onSuccess: reload,
    onError: fail('The setting could not be saved'),
  });
  const refresh = useMutation({
    mutationFn: refreshPodcasts,
    onSuccess: () => {
      toast.success('Checking every podcast for new episodes');
      window.setTimeout(() => void reload(), DOWNLOAD_POLL_MS);
    },
    onError: fail('The refresh could not start'),
  });
  const unsubscribe = useMutation({
    mutationFn: () => unsubscribeFromPodcast(id),
    onSuccess: async () => {
      toast.success('Unsubscribed');
      await reload();
      await navigate('/podcasts');
    },
    onError: fail('Could not unsubscribe'),
  });

  if (page.isPending) {
    return (
      <Box role="status" aria-label="Loading the podcast" aria-busy sx={{ p: 3 }}>
        <Skeleton variant="rounded" height={160} />
      </Box>
    );
  }
  if (page.isError) {
    return (
      <LoadError
        message="The podcast could not be loaded."
        onRetry={() => page.refetch()}
        retrying={page.isFetching}
      />
    );
  }
  const podcast = page.data;
  const admin = isAdmin
    ? {
        download: (episode: PodcastEpisode) =>
          episodeAction.mutate({ episode, action: 'download' }),
        deleteFile: (episode: PodcastEpisode) =>
          episodeAction.mutate({ episode, action: 'delete' }),
        busy: episodeAction.isPending,
      }
    : null;

  return (
    <PageSection label={podcast.title}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ mb: 3 }}>
        <Box
          component="img"
          src={podcast.coverUrl}
          alt=""
          sx={{
            width: { xs: 160, sm: 200 },
            aspectRatio: '1',
            objectFit: 'cover',
            borderRadius: 2,
          }}
        />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <PageHeading title={podcast.title} subtitle={`${podcast.episodeCount} episodes`} />
          <Typography sx={{ whiteSpace: 'pre-line', color: 'text.secondary' }}>
            {podcast.description}
          </Typography>
          {podcast.errorMessage && (
            <Typography role="alert" sx={{ color: 'error.main', mt: 1 }}>
              {podcast.errorMessage}
            </Typography>
          )}
          {isAdmin && (
            <Stack
              direction="row"
              spacing={1}
              sx={{ mt: 2, flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}
            >
              <TextField
                select
                size="small"
                label="Download automatically"
                value={podcast.autoDownload}
                onChange={(event) => autoDownload.mutate(Number(event.target.value))}
                sx={{ width: 240 }}
              >
                {AUTO_DOWNLOAD_CHOICES.map((count) => (
                  <MenuItem key={count} value={count}>
                    {count === 0 ? 'Only when asked' : `The newest ${count}`}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                startIcon={<RefreshIcon />}
                disabled={refresh.isPending}
                onClick={() => refresh.mutate()}
              >
                Check for new episodes
              </Button>
              <Button
                color="error"
                variant={confirming ? 'contained' : 'text'}
                disabled={unsubscribe.isPending}
                onClick={() => (confirming ? unsubscribe.mutate() : setConfirming(true))}
              >
                {confirming ? 'Unsubscribe and delete its files' : 'Unsubscribe'}
              </Button>
            </Stack>
          )}
        </Box>
      </Stack>
      {podcast.episodes.length === 0 ? (
        <EmptyState text="This feed lists no audio episodes yet." />
      ) : (
        <List aria-label="Episodes" disablePadding>
          {podcast.episodes.map((episode) => (
            <EpisodeRow key={episode._id} episode={episode} podcast={podcast} admin={admin} />
          ))}
        </List>
      )}
    </PageSection>
  );
}
