import { useEffect, useRef } from 'react';
import { useToast } from '@/components/toast-context';
import { useAuthStore } from '@/lib/auth-store';
import { useRecordPlay } from '@/api/songs/record-play';
import { reportListen } from '@/api/scrobbling/report-listen';
import {
  audioElement,
  loadedAudio,
  playAudio as startAudio,
  setStreamAddress,
  setLoadedAudio,
  setSoundHooks,
  stopAudio,
} from '@/lib/player/audio-output';
import { audioUrlExpired } from '@/lib/player/audio-url';
import { seekAudio } from '@/lib/player/seek-audio';
import { streamUrl } from '@/lib/player/stream-url';
import { wakeAudioGraph } from '@/lib/player/engine/audio-graph';
import {
  attachEngine,
  engineVoices,
  followPlayer,
  setEngineOutput,
  setEngineSettings,
  songStarting,
  type EngineState,
} from '@/lib/player/engine/sound-engine';
import { usePlaybackSettings } from '@/lib/player/playback-settings';
import { fetchFreshSongs, fetchQueueSongs } from '@/lib/player/fresh-songs';
import { clearPlayerSnapshot } from '@/lib/player/player-persistence';
import { usePlayer, type PlayerState } from '@/lib/player/player-store';
import { ListenTracker } from './listen-tracker';

// Songs started from a page load at the listener's quality once the player's code is here.
setStreamAddress(streamUrl);

/** What the listener really heard of each song, reported once it counts (scrobbling). */
const listens = new ListenTracker(reportListen);

/** Starts the element; a refusal (no user gesture, unplayable file) turns the playing flag off. */
function playAudio(audio: HTMLAudioElement): void {
  startAudio(audio, () => usePlayer.getState().playbackRefused());
}

/** What the sound engine follows: the current song, the one after it, and the playing flag. */
function engineState(state: PlayerState): EngineState {
  return {
    current: state.current,
    follower: state.repeat ? state.current : (state.queue[1] ?? null),
    isPlaying: state.isPlaying,
  };
}

function sameEngineState(a: EngineState, b: EngineState): boolean {
  return a.current === b.current && a.follower === b.follower && a.isPlaying === b.isPlaying;
}

/**
 * Everything that drives the app's one <audio> element (lib/player/audio-output): the player
 * store says what should play, this component makes the element do it and reports progress
 * back. Starting a song loads and plays the element directly (the store does that within the
 * click); this catches up with everything else. Mounted once, at the root, so playback survives
 * navigation.
 */
export function PlayerEngine() {
  const current = usePlayer((state) => state.current);
  const isPlaying = usePlayer((state) => state.isPlaying);
  const volume = usePlayer((state) => state.volume);
  const muted = usePlayer((state) => state.muted);
  const seekRequest = usePlayer((state) => state.seekRequest);
  const startToken = usePlayer((state) => state.startToken);
  const urlsStale = usePlayer((state) => state.urlsStale);
  const loggedIn = useAuthStore((state) => state.token !== null);
  const { mutate: recordPlay } = useRecordPlay();
  const toast = useToast();
  const appliedSeekRef = useRef<number | null>(null);

  // The sound engine (lib/player/engine): decoded songs played back to back through the Web
  // Audio graph, with the element as their clock. It follows the store as soon as it changes,
  // so that the end of a song it voices moves the player on at once.
  useEffect(() => {
    setSoundHooks({ songStarting, wake: wakeAudioGraph });
    const detach = attachEngine(audioElement(), () => usePlayer.getState().handleEnded());
    let followed = engineState(usePlayer.getState());
    followPlayer(followed);
    const unsubscribePlayer = usePlayer.subscribe((state) => {
      const next = engineState(state);
      if (sameEngineState(next, followed)) return;
      followed = next;
      followPlayer(next);
    });
    setEngineSettings(usePlaybackSettings.getState().settings);
    const unsubscribeSettings = usePlaybackSettings.subscribe((state) =>
      setEngineSettings(state.settings),
    );
    return () => {
      unsubscribePlayer();
      unsubscribeSettings();
      setSoundHooks(null);
      detach();
    };
  }, []);

  // The next song gets a fresh signed URL before it is needed, if its own has expired.
  const follower = usePlayer((state) => state.queue[1] ?? null);
  useEffect(() => {
    if (!follower || urlsStale || !audioUrlExpired(follower.audioFile)) return;
    fetchFreshSongs([follower._id])
      .then((songs) => usePlayer.getState().refreshSongs(songs))
      .catch((error: unknown) => console.debug('Could not refresh the next audio URL', error));
  }, [follower, urlsStale]);

  // Logging out stops the music and forgets the queue: the next account starts afresh.
  useEffect(() => {
    if (loggedIn) return;
    if (usePlayer.getState().current) usePlayer.getState().reset();
    clearPlayerSnapshot();
  }, [loggedIn]);

  // Fresh signed URLs for a queue restored from storage (they may have expired meanwhile).
  useEffect(() => {
    if (!urlsStale || !loggedIn) return;
    let cancelled = false;
    const ids = usePlayer.getState().queue.map((song) => song._id);
    // Checked against the library too: songs deleted meanwhile leave the queue.
    fetchQueueSongs(ids)
      .then(({ songs, gone }) => {
        if (!cancelled) usePlayer.getState().refreshSongs(songs, gone);
      })
      .catch((error: unknown) => {
        console.debug('Could not refresh the audio URLs', error);
        if (!cancelled) usePlayer.getState().refreshSongs([]);
      });
    return () => {
      cancelled = true;
    };
  }, [urlsStale, loggedIn]);

  // Load the current song's audio when the song (or its URL) changes.
  useEffect(() => {
    if (!current) {
      stopAudio();
      return;
    }
    if (urlsStale) return;
    const audio = audioElement();
    const loaded = loadedAudio();
    const url = streamUrl(current.audioFile);
    if (loaded?.songId === current._id && loaded.url === url) return;
    if (audioUrlExpired(current.audioFile)) {
      fetchFreshSongs([current._id])
        .then((songs) => usePlayer.getState().refreshSongs(songs))
        .catch((error: unknown) => console.debug('Could not refresh the audio URL', error));
      return;
    }
    const sameSong = loaded?.songId === current._id;
    const resumeAt = sameSong ? audio.currentTime : null;
    setLoadedAudio({
      songId: current._id,
      url,
      retried: sameSong ? loaded.retried : false,
    });
    audio.src = url;
    if (resumeAt) audio.currentTime = resumeAt;
    const state = usePlayer.getState();
    if (state.seekRequest && appliedSeekRef.current !== state.seekRequest.token) {
      appliedSeekRef.current = state.seekRequest.token;
      audio.currentTime = state.seekRequest.time;
    }
    if (state.isPlaying) playAudio(audio);
  }, [current, urlsStale]);

  // Play or pause as the flag says.
  useEffect(() => {
    if (!loadedAudio()) return;
    const audio = audioElement();
    if (isPlaying) {
      if (audio.paused) playAudio(audio);
    } else if (!audio.paused) {
      audio.pause();
    }
  }, [isPlaying, current]);

  // A song started from its beginning: record the play.
  useEffect(() => {
    if (startToken === 0) return;
    const song = usePlayer.getState().current;
    if (!song) return;
    recordPlay(song._id);
    listens.start(song);
  }, [startToken, recordPlay]);

  useEffect(() => {
    setEngineOutput(volume, muted);
  }, [volume, muted]);

  useEffect(() => {
    if (!seekRequest || appliedSeekRef.current === seekRequest.token) return;
    if (!loadedAudio()) return;
    const audio = audioElement();
    appliedSeekRef.current = seekRequest.token;
    seekAudio(seekRequest.time);
    // Repeat restarts a song that has ended (and so has stopped) while the flag stayed on.
    if (usePlayer.getState().isPlaying && audio.paused) playAudio(audio);
  }, [seekRequest]);

  // The element's reports: progress, the end of a song, a failure to load.
  useEffect(() => {
    const audio = audioElement();
    const handleTimeUpdate = () => {
      usePlayer.getState().reportProgress(audio.currentTime, audio.duration);
      const song = loadedAudio();
      if (song) listens.progress(song.songId, audio.currentTime);
    };
    const handleEnded = () => {
      const song = usePlayer.getState().current;
      // A song the engine voices moves on at its last decoded sample, not at the element's end.
      if (song && engineVoices(song._id)) return;
      usePlayer.getState().handleEnded();
    };
    // The song cannot be played: the listener is told which, and the next one plays.
    const giveUp = (song: { _id: string; title: string }) => {
      console.debug('The song could not be played', song._id);
      const title = song.title || 'Unknown Title';
      const state = usePlayer.getState();
      if (state.current?._id !== song._id) return;
      if (state.queue.length > 1) {
        toast.error(`"${title}" could not be played. Playing the next song.`);
        state.next();
      } else {
        toast.error(`"${title}" could not be played.`);
        state.playbackRefused();
      }
    };
    const handleError = () => {
      const loaded = loadedAudio();
      const song = usePlayer.getState().current;
      if (!loaded || !song || loaded.songId !== song._id) return;
      if (loaded.retried) {
        giveUp(song);
        return;
      }
      // Most likely an expired signed URL: fetch a fresh one once, then give up.
      loaded.retried = true;
      fetchFreshSongs([song._id])
        .then((songs) => {
          const fresh = songs.find((candidate) => candidate._id === song._id);
          // Gone from the library, or the same address again: nothing new to try.
          if (!fresh || streamUrl(fresh.audioFile) === loaded.url) giveUp(song);
          else usePlayer.getState().refreshSongs(songs);
        })
        .catch((error: unknown) => {
          console.debug('Could not refresh the audio URL', error);
          giveUp(song);
        });
    };
    const reports: [string, () => void][] = [
      ['timeupdate', handleTimeUpdate],
      ['loadedmetadata', handleTimeUpdate],
      ['durationchange', handleTimeUpdate],
      ['ended', handleEnded],
      ['error', handleError],
    ];
    for (const [type, handler] of reports) audio.addEventListener(type, handler);
    // A song started before this mounted (its code arrives after the first click) may have
    // reported already.
    if (loadedAudio()) {
      if (audio.readyState > 0) handleTimeUpdate();
      if (audio.error) handleError();
    }
    return () => {
      for (const [type, handler] of reports) audio.removeEventListener(type, handler);
    };
  }, [toast]);

  return null;
}
