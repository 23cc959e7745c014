import { creditText } from '@cadenza/contract/artist-credit';
import type { Song } from '@cadenza/contract/songs';
import { useEffect } from 'react';
import { usePlayer, type PlayerState } from '@/lib/player/player-store';
import { seekBy } from './player-commands';

/** How far the lock screen's and a headset's seek buttons move when they do not say. */
export const MEDIA_SEEK_OFFSET_SECONDS = 10;

function absoluteUrl(url: string): string {
  try {
    return new URL(url, window.location.origin).href;
  } catch {
    return url;
  }
}

function metadataOf(song: Song): MediaMetadata {
  return new MediaMetadata({
    title: song.title || 'Unknown Title',
    artist: creditText(song.artist, song.artists),
    album: song.album ?? '',
    artwork: [{ src: absoluteUrl(song.coverImage) }],
  });
}

/**
 * Where the current song is, as the Media Session wants it: its length, the position within it
 * (never past the end) and the rate. Null while the length is unknown.
 */
export function positionStateOf(
  state: Pick<PlayerState, 'current' | 'position' | 'duration'>,
): MediaPositionState | null {
  if (!state.current) return null;
  const duration = state.duration || state.current.duration;
  if (!Number.isFinite(duration) || duration <= 0) return null;
  const position = Math.min(duration, Math.max(0, state.position || 0));
  return { duration, position, playbackRate: 1 };
}

/** The actions the lock screen, notifications and media keys can take. */
function actionHandlers(): [MediaSessionAction, MediaSessionActionHandler][] {
  const player = () => usePlayer.getState();
  return [
    ['play', () => player().play()],
    ['pause', () => player().pause()],
    [
      'stop',
      () => {
        player().pause();
        player().seek(0);
      },
    ],
    ['previoustrack', () => player().previous()],
    ['nexttrack', () => player().next()],
    ['seekbackward', (details) => seekBy(-(details.seekOffset ?? MEDIA_SEEK_OFFSET_SECONDS))],
    ['seekforward', (details) => seekBy(details.seekOffset ?? MEDIA_SEEK_OFFSET_SECONDS)],
    [
      'seekto',
      (details) => {
        if (details.seekTime !== undefined) player().seek(details.seekTime);
      },
    ],
  ];
}

function updatePositionState(session: MediaSession, state: PlayerState): void {
  const position = positionStateOf(state);
  try {
    session.setPositionState(position ?? undefined);
  } catch (error) {
    // A position the browser refuses (e.g. a length it disagrees with) is only logged.
    console.debug('Could not set the media position', error);
  }
}

/**
 * The Media Session (docs/product.md §12.8): what plays, shown on the lock screen and in the
 * system's media controls, with its position kept current so they can seek, and the actions
 * of their buttons and of headset keys. Mounted with the player.
 */
export function MediaSessionBridge() {
  const current = usePlayer((state) => state.current);
  const isPlaying = usePlayer((state) => state.isPlaying);

  useEffect(() => {
    if (!('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
    navigator.mediaSession.metadata = current ? metadataOf(current) : null;
  }, [current]);

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    navigator.mediaSession.playbackState = current ? (isPlaying ? 'playing' : 'paused') : 'none';
  }, [current, isPlaying]);

  // The position follows the player's reports, seeks and song changes.
  useEffect(() => {
    if (!('mediaSession' in navigator) || !('setPositionState' in navigator.mediaSession)) return;
    const session = navigator.mediaSession;
    updatePositionState(session, usePlayer.getState());
    return usePlayer.subscribe((state, previous) => {
      if (
        state.current !== previous.current ||
        state.position !== previous.position ||
        state.duration !== previous.duration ||
        state.isPlaying !== previous.isPlaying
      ) {
        updatePositionState(session, state);
      }
    });
  }, []);

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    const handlers = actionHandlers();
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
      session.metadata = null;
      session.playbackState = 'none';
      try {
        session.setPositionState?.();
      } catch {
        // Nothing to clear.
      }
    };
  }, []);

  return null;
}
