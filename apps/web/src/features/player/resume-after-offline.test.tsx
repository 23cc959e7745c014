import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNetworkStatus } from '@/lib/network-status';
import { usePlayer } from '@/lib/player/player-store';
import { makeSong } from '@/test/mock-api/factories';
import { seed } from '@/test/mock-api/store';
import { logIn, stubMediaElement } from '@/test/render-app';
import { useResumeAfterOffline } from './resume-after-offline';

const songs = ['1', '2'].map((id) => makeSong(id));
let audio: HTMLAudioElement;

beforeEach(() => {
  stubMediaElement();
  logIn();
  seed.songs(...songs);
  audio = document.createElement('audio');
  document.body.append(audio);
  usePlayer.getState().playFrom(songs[0]!, songs);
  usePlayer.getState().reportProgress(42, 180);
});
afterEach(() => {
  audio.remove();
  usePlayer.getState().reset();
  vi.restoreAllMocks();
});

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => useNetworkStatus.setState({ browserOnline: online, requestsFailing: false }));
}

/** The media element reports `type` (they do not bubble: the hook listens on the way down). */
function audioReports(type: string) {
  act(() => {
    audio.dispatchEvent(new Event(type));
  });
}

describe('playback through a lost network', () => {
  it('starts a song that stalled offline again from the same place once back online', () => {
    renderHook(() => useResumeAfterOffline());
    setOnline(false);
    audioReports('waiting');
    // The song plays on meanwhile: the store is left as it was.
    expect(usePlayer.getState().seekRequest).toBeNull();
    usePlayer.getState().reportProgress(43, 180);
    setOnline(true);
    const state = usePlayer.getState();
    expect(state.seekRequest?.time).toBe(42);
    expect(state.isPlaying).toBe(true);
    expect(state.current?._id).toBe('1');
  });

  it('reloads a song whose source failed offline, then resumes it', async () => {
    renderHook(() => useResumeAfterOffline());
    setOnline(false);
    audioReports('error');
    // The engine gives the song up meanwhile.
    act(() => usePlayer.getState().playbackRefused());
    setOnline(true);
    await waitFor(() => expect(usePlayer.getState().isPlaying).toBe(true));
    expect(usePlayer.getState().seekRequest?.time).toBe(42);
  });

  it('leaves ordinary buffering online, and a song paused before the loss, alone', () => {
    renderHook(() => useResumeAfterOffline());
    audioReports('waiting');
    setOnline(false);
    setOnline(true);
    expect(usePlayer.getState().seekRequest).toBeNull();

    act(() => usePlayer.getState().pause());
    setOnline(false);
    audioReports('stalled');
    setOnline(true);
    expect(usePlayer.getState().seekRequest).toBeNull();
    expect(usePlayer.getState().isPlaying).toBe(false);
  });
});
