import CloseIcon from '@mui/icons-material/Close';
import Forward30Icon from '@mui/icons-material/Forward30';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RadioIcon from '@mui/icons-material/Radio';
import Replay10Icon from '@mui/icons-material/Replay10';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { saveEpisodeProgress } from '@/api/podcasts/podcasts';
import { podcastKeys } from '@/api/query-keys';
import { PLAYER_OFFSET_VARIABLE } from '@/lib/bottom-bars';
import { KEEP_CLEAR_OF_TOASTS } from '@/components/toast-placement';
import { formatDuration } from '@/lib/format';
import { usePlayer } from '@/lib/player/player-store';
import { useSidePlayer, type PlayingEpisode, type PlayingStation } from '@/lib/side-player';

/** How often the place in a playing episode is kept. */
const SAVE_EVERY_MS = 15_000;

/**
 * The side player: a bar above the song player while a podcast episode or a radio station plays.
 * Starting it pauses the songs, and starting the songs pauses it. An episode's place is kept every
 * 15 seconds, on pause and on close, and it resumes there next time; a station is live.
 */
export function SidePlayerBar() {
  const item = useSidePlayer((state) => state.item);
  if (!item) return null;
  return item.kind === 'episode' ? (
    <EpisodeBar key={item.id} episode={item} />
  ) : (
    <StationBar key={item.id} station={item} />
  );
}

/** The audio element's play state, with the song player paused while it plays and the reverse. */
function useSideAudio(audio: RefObject<HTMLAudioElement | null>) {
  const songsPlaying = usePlayer((state) => state.isPlaying);
  const pauseSongs = usePlayer((state) => state.pause);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (songsPlaying) audio.current?.pause();
  }, [songsPlaying, audio]);
  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => undefined);
    else element.pause();
  };
  const onPlay = () => {
    setPlaying(true);
    pauseSongs();
  };
  return { playing, setPlaying, toggle, onPlay };
}

function BarFrame({
  label,
  title,
  subtitle,
  picture,
  controls,
  children,
}: {
  label: string;
  title: string;
  subtitle: ReactNode;
  picture: ReactNode;
  controls: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Paper
      component="section"
      aria-label={label}
      {...{ [KEEP_CLEAR_OF_TOASTS]: true }}
      elevation={8}
      sx={{
        position: 'fixed',
        right: { xs: 8, sm: 16 },
        left: { xs: 8, sm: 'auto' },
        width: { sm: 440 },
        bottom: `calc(var(${PLAYER_OFFSET_VARIABLE}, 0px) + 12px)`,
        zIndex: (theme) => theme.zIndex.appBar + 2,
        p: 1.5,
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        {picture}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {title}
          </Typography>
          {subtitle}
        </Box>
        {controls}
      </Box>
      {children}
    </Paper>
  );
}

function EpisodeBar({ episode }: { episode: PlayingEpisode }) {
  const close = useSidePlayer((state) => state.close);
  const queryClient = useQueryClient();
  const audio = useRef<HTMLAudioElement>(null);
  const { playing, setPlaying, toggle, onPlay } = useSideAudio(audio);
  const [position, setPosition] = useState(episode.startSeconds);
  const [duration, setDuration] = useState(0);
  const lastSaved = useRef(episode.startSeconds);

  const keepPlace = useCallback(async () => {
    const element = audio.current;
    if (!element) return;
    const seconds = Math.floor(element.currentTime);
    if (seconds === lastSaved.current) return;
    lastSaved.current = seconds;
    await saveEpisodeProgress(episode.id, seconds).catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: podcastKeys.page(episode.podcastId) });
  }, [episode.id, episode.podcastId, queryClient]);

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => void keepPlace(), SAVE_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [playing, keepPlace]);

  const skip = (seconds: number) => {
    const element = audio.current;
    if (element) element.currentTime = Math.max(0, element.currentTime + seconds);
  };
  const stop = () => {
    audio.current?.pause();
    void keepPlace();
    close();
  };

  return (
    <BarFrame
      label="Episode player"
      title={episode.title}
      subtitle={
        <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
          {episode.podcastTitle}
        </Typography>
      }
      picture={
        <Box
          component="img"
          src={episode.coverUrl}
          alt=""
          sx={{ width: 48, height: 48, borderRadius: 1, objectFit: 'cover', flexShrink: 0 }}
        />
      }
      controls={
        <>
          <IconButton aria-label="Back 10 seconds" onClick={() => skip(-10)}>
            <Replay10Icon />
          </IconButton>
          <IconButton aria-label={playing ? 'Pause episode' : 'Play episode'} onClick={toggle}>
            {playing ? <PauseIcon /> : <PlayArrowIcon />}
          </IconButton>
          <IconButton aria-label="Forward 30 seconds" onClick={() => skip(30)}>
            <Forward30Icon />
          </IconButton>
          <IconButton aria-label="Close the episode player" onClick={stop}>
            <CloseIcon />
          </IconButton>
        </>
      }
    >
      <audio
        ref={audio}
        src={episode.audioUrl}
        autoPlay
        preload="auto"
        onLoadedMetadata={(event) => {
          setDuration(event.currentTarget.duration || 0);
          if (episode.startSeconds > 0) event.currentTarget.currentTime = episode.startSeconds;
        }}
        onPlay={onPlay}
        onPause={() => {
          setPlaying(false);
          void keepPlace();
        }}
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 0.5 }}>
        <Typography variant="caption" sx={{ minWidth: 40, textAlign: 'right' }}>
          {formatDuration(position)}
        </Typography>
        <Slider
          size="small"
          aria-label="Episode position"
          min={0}
          max={Math.max(duration, position, 1)}
          value={position}
          onChange={(_event, value) => {
            if (audio.current) audio.current.currentTime = value;
          }}
        />
        <Typography variant="caption" sx={{ minWidth: 40 }}>
          {formatDuration(duration)}
        </Typography>
      </Box>
    </BarFrame>
  );
}

function StationBar({ station }: { station: PlayingStation }) {
  const close = useSidePlayer((state) => state.close);
  const audio = useRef<HTMLAudioElement>(null);
  const { playing, setPlaying, toggle, onPlay } = useSideAudio(audio);
  const [failed, setFailed] = useState(false);

  return (
    <BarFrame
      label="Radio player"
      title={station.name}
      subtitle={
        failed ? (
          <Typography variant="body2" sx={{ color: 'error.main' }} noWrap>
            The station cannot be played right now
          </Typography>
        ) : (
          <Chip label="Live" color="error" size="small" sx={{ height: 20, fontWeight: 700 }} />
        )
      }
      picture={
        <Box
          sx={{
            width: 48,
            height: 48,
            borderRadius: 1,
            flexShrink: 0,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.selected',
          }}
        >
          <RadioIcon />
        </Box>
      }
      controls={
        <>
          <IconButton
            aria-label={playing ? 'Pause the station' : 'Play the station'}
            onClick={toggle}
          >
            {playing ? <PauseIcon /> : <PlayArrowIcon />}
          </IconButton>
          <IconButton
            aria-label="Close the radio player"
            onClick={() => {
              audio.current?.pause();
              close();
            }}
          >
            <CloseIcon />
          </IconButton>
        </>
      }
    >
      <audio
        ref={audio}
        src={station.audioUrl}
        autoPlay
        preload="none"
        onPlay={() => {
          setFailed(false);
          onPlay();
        }}
        onPause={() => setPlaying(false)}
        onError={() => {
          setPlaying(false);
          setFailed(true);
        }}
      />
    </BarFrame>
  );
}
