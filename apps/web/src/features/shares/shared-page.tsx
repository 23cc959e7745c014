import DownloadIcon from '@mui/icons-material/Download';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import TimerOffIcon from '@mui/icons-material/TimerOff';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { shareMessages, type SharedPage as Shared } from '@cadenza/contract/shares';
import type { Song } from '@cadenza/contract/songs';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { shareKeys } from '@/api/query-keys';
import { countSharedPlay, getSharedPage } from '@/api/shares/shares';
import { CoverImage } from '@/components/cover-image';
import { LoadError } from '@/components/load-error';
import { PageSpinner } from '@/components/page-spinner';
import { StatusPage } from '@/components/status-page';
import { ApiError } from '@/lib/api-client';
import { formatDuration } from '@/lib/format';

/** The songs of a share, played one after another by the page's own audio element. */
function SharedSongs({ shared }: { shared: Shared }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [index, setIndex] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const current: Song | undefined = index === null ? undefined : shared.songs[index];

  const start = (at: number) => {
    const element = audio.current;
    const song = shared.songs[at];
    if (!element || !song) return;
    if (at === index) {
      if (element.paused) void element.play();
      else element.pause();
      return;
    }
    setIndex(at);
    element.src = song.audioFile;
    void element.play();
    countSharedPlay(shared._id, song._id).catch((error: unknown) =>
      console.debug('Could not count the play', error),
    );
  };

  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    const onPlay = () => setPlaying(true);
    const onPause = () => setPlaying(false);
    element.addEventListener('play', onPlay);
    element.addEventListener('pause', onPause);
    return () => {
      element.removeEventListener('play', onPlay);
      element.removeEventListener('pause', onPause);
    };
  }, []);

  return (
    <>
      <List aria-label="Songs" disablePadding>
        {shared.songs.map((song, at) => {
          const isCurrent = at === index;
          return (
            <ListItem
              key={`${song._id}-${at}`}
              disablePadding
              secondaryAction={
                shared.allowDownload ? (
                  <IconButton
                    component="a"
                    href={song.audioFile}
                    download
                    aria-label={`Download ${song.title}`}
                  >
                    <DownloadIcon />
                  </IconButton>
                ) : undefined
              }
            >
              <ListItemButton
                selected={isCurrent}
                onClick={() => start(at)}
                aria-label={`${isCurrent && playing ? 'Pause' : 'Play'} ${song.title}`}
              >
                <Box sx={{ width: 32, color: 'primary.main', display: 'flex' }}>
                  {isCurrent && playing ? <PauseIcon /> : <PlayArrowIcon />}
                </Box>
                <ListItemText
                  primary={song.title}
                  secondary={song.displayArtist}
                  slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                />
                <Typography variant="body2" color="text.secondary" sx={{ ml: 2 }}>
                  {formatDuration(song.duration)}
                </Typography>
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      <Paper
        variant="outlined"
        sx={{ position: 'sticky', bottom: 16, mt: 3, p: 1.5, display: current ? 'block' : 'none' }}
      >
        <Typography variant="subtitle2" noWrap aria-live="polite">
          {current ? `${current.title} — ${current.displayArtist}` : ''}
        </Typography>
        <Box
          component="audio"
          ref={audio}
          controls
          preload="none"
          aria-label="Mini player"
          onEnded={() => {
            if (index !== null && index + 1 < shared.songs.length) start(index + 1);
          }}
          sx={{ width: '100%', mt: 1 }}
        />
      </Paper>
    </>
  );
}

/**
 * /share/:id: what a listener shared, for anyone with the link and no account: the cover, who
 * shared it, the description and the songs, each played on the page.
 */
export function SharedPage() {
  const { id = '' } = useParams();
  const page = useQuery({
    queryKey: shareKeys.page(id),
    queryFn: ({ signal }) => getSharedPage(id, signal),
    retry: false,
    // Each open is one visit; the signed addresses inside are good for hours.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  if (page.isPending) return <PageSpinner fullHeight />;
  if (page.isError) {
    const { error } = page;
    if (error instanceof ApiError && error.code === 'share_expired') {
      return <StatusPage icon={<TimerOffIcon />} title={shareMessages.expired} />;
    }
    if (error instanceof ApiError && error.status === 404) {
      return <StatusPage icon={<LinkOffIcon />} title={shareMessages.notFound} />;
    }
    return <LoadError onRetry={() => void page.refetch()} retrying={page.isFetching} />;
  }

  const shared = page.data;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={3}
        sx={{ alignItems: { xs: 'center', sm: 'flex-end' }, mb: 4 }}
      >
        <CoverImage
          src={shared.coverImage}
          alt={`Cover of ${shared.title}`}
          size={300}
          priority
          sx={{ width: 240, height: 240, borderRadius: 2, flexShrink: 0 }}
        />
        <Box sx={{ minWidth: 0, textAlign: { xs: 'center', sm: 'left' } }}>
          <Typography variant="overline" color="text.secondary">
            Shared by {shared.sharedBy}
          </Typography>
          <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {shared.title}
          </Typography>
          {shared.description && (
            <Typography color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
              {shared.description}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {shared.songs.length === 1 ? '1 song' : `${shared.songs.length} songs`}
            {shared.expiresAt &&
              ` • Available until ${new Date(shared.expiresAt).toLocaleDateString()}`}
          </Typography>
        </Box>
      </Stack>
      <SharedSongs shared={shared} />
    </Container>
  );
}
