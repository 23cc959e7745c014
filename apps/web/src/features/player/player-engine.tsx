import { useEffect, useRef } from 'react';
import { useAuthStore } from '@/lib/auth-store';
import { useRecordPlay } from '@/api/songs/record-play';
import {
  audioElement,
  loadedAudio,
  playAudio as startAudio,
  setLoadedAudio,
  stopAudio,
} from '@/lib/player/audio-output';
import { audioUrlExpired } from '@/lib/player/audio-url';
import { fetchFreshSongs, fetchQueueSongs } from '@/lib/player/fresh-songs';
import { clearPlayerSnapshot } from '@/lib/player/player-persistence';
import { usePlayer } from '@/lib/player/player-store';

/** Elements where Space already means something (typing, pressing) and must not toggle play. */
const SPACE_OWNERS =
  'input, textarea, select, button, a[href], [contenteditable=""], [contenteditable="true"], [role="button"], [role="tab"], [role="menuitem"], [role="option"], [role="checkbox"], [role="switch"], [role="radio"], [role="slider"], [role="textbox"], [role="combobox"]';

/** Starts the element; a refusal (no user gesture, unplayable file) turns the playing flag off. */
function playAudio(audio: HTMLAudioElement): void {
  startAudio(audio, () => usePlayer.getState().playbackRefused());
}

function absoluteUrl(url: string): string {
  try {
    return new URL(url, window.location.origin).href;
  } catch {
    return url;
  }
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
  const appliedSeekRef = useRef<number | null>(null);

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
    if (loaded?.songId === current._id && loaded.url === current.audioFile) return;
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
      url: current.audioFile,
      retried: sameSong ? loaded.retried : false,
    });
    audio.src = current.audioFile;
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
    if (song) recordPlay(song._id);
  }, [startToken, recordPlay]);

  useEffect(() => {
    audioElement().volume = muted ? 0 : volume;
  }, [volume, muted]);

  useEffect(() => {
    if (!seekRequest || appliedSeekRef.current === seekRequest.token) return;
    if (!loadedAudio()) return;
    const audio = audioElement();
    appliedSeekRef.current = seekRequest.token;
    audio.currentTime = seekRequest.time;
    // Repeat restarts a song that has ended (and so has stopped) while the flag stayed on.
    if (usePlayer.getState().isPlaying && audio.paused) playAudio(audio);
  }, [seekRequest]);

  // Media Session: lock screen, notification and hardware media keys.
  useEffect(() => {
    if (!('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
    navigator.mediaSession.metadata = current
      ? new MediaMetadata({
          title: current.title || 'Unknown Title',
          artist: current.artist || 'Unknown Artist',
          album: current.album ?? '',
          artwork: [{ src: absoluteUrl(current.coverImage) }],
        })
      : null;
  }, [current]);

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    navigator.mediaSession.playbackState = current ? (isPlaying ? 'playing' : 'paused') : 'none';
  }, [current, isPlaying]);

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => usePlayer.getState().play()],
      ['pause', () => usePlayer.getState().pause()],
      ['nexttrack', () => usePlayer.getState().next()],
      ['previoustrack', () => usePlayer.getState().previous()],
      [
        'seekto',
        (details) => {
          if (details.seekTime !== undefined) usePlayer.getState().seek(details.seekTime);
        },
      ],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // This browser does not support the action.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // Nothing to remove.
        }
      }
    };
  }, []);

  // Space toggles play, unless focus is somewhere Space already has a job.
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.code !== 'Space' && event.key !== ' ') return;
      if (
        event.defaultPrevented ||
        event.repeat ||
        event.altKey ||
        event.ctrlKey ||
        event.metaKey
      ) {
        return;
      }
      const target = event.target;
      if (target instanceof Element && target.closest(SPACE_OWNERS)) return;
      const state = usePlayer.getState();
      if (!state.current) return;
      event.preventDefault();
      state.togglePlay();
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);

  // The element's reports: progress, the end of a song, a failure to load.
  useEffect(() => {
    const audio = audioElement();
    const handleTimeUpdate = () => {
      usePlayer.getState().reportProgress(audio.currentTime, audio.duration);
    };
    const handleEnded = () => usePlayer.getState().handleEnded();
    const handleError = () => {
      const loaded = loadedAudio();
      const song = usePlayer.getState().current;
      if (!loaded || !song || loaded.songId !== song._id) return;
      if (loaded.retried) {
        console.debug('The song could not be played', song._id);
        usePlayer.getState().playbackRefused();
        return;
      }
      // Most likely an expired signed URL: fetch a fresh one once, then give up.
      loaded.retried = true;
      fetchFreshSongs([song._id])
        .then((songs) => usePlayer.getState().refreshSongs(songs))
        .catch((error: unknown) => {
          console.debug('Could not refresh the audio URL', error);
          usePlayer.getState().playbackRefused();
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
  }, []);

  return null;
}
