import {
  CROSSFADE_MAX_SECONDS as SERVER_CROSSFADE_MAX,
  DEFAULT_PLAYER_SETTINGS,
  EQUALISER_BANDS_HZ,
  EQUALISER_LIMIT_DB as SERVER_EQUALISER_LIMIT,
  playerSettingsSchema,
  type PlayerSettings,
} from '@cadenza/contract/player-settings';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { store } from '@/test/mock-api/store';
import { logIn } from '@/test/render-app';
import {
  CROSSFADE_MAX_SECONDS,
  DEFAULT_PLAYBACK_SETTINGS,
  EQUALISER_BANDS,
  EQUALISER_LIMIT_DB,
  usePlaybackSettings,
} from './playback-settings';
import { DEFAULT_VOLUME, usePlayer } from './player-store';
import { startSettingsSync } from './settings-sync';

const user = makeUser();
const saved: PlayerSettings = {
  crossfadeSeconds: 5,
  replayGainMode: 'auto',
  replayGainPreamp: 1.5,
  replayGainFallback: -9,
  preventClipping: false,
  equaliserEnabled: true,
  equaliserGains: [6, 5, 4, 2, 0, 0, 0, 0, 0, 0],
  customPresets: [{ name: 'Night', gains: [0, 0, 0, 0, 0, 0, -2, -4, -6, -8] }],
  volume: 0.4,
  streamingQuality: 'high',
  cellularStreamingQuality: 'dataSaver',
};

let stop: () => void = () => {};
beforeEach(() => logIn(user));
afterEach(() => {
  stop();
  usePlaybackSettings.getState().replace(DEFAULT_PLAYBACK_SETTINGS);
  usePlayer.getState().reset();
});

describe('playback settings that follow the account', () => {
  it('are the settings the server checks: the same ranges and defaults', () => {
    expect(EQUALISER_BANDS).toEqual(EQUALISER_BANDS_HZ);
    expect(EQUALISER_LIMIT_DB).toBe(SERVER_EQUALISER_LIMIT);
    expect(CROSSFADE_MAX_SECONDS).toBe(SERVER_CROSSFADE_MAX);
    const local = { ...DEFAULT_PLAYBACK_SETTINGS, volume: DEFAULT_VOLUME };
    expect(playerSettingsSchema.parse(local)).toEqual(DEFAULT_PLAYER_SETTINGS);
  });

  it('apply what the account saved, volume included, once signed in', async () => {
    store.playerSettings.set(user._id, saved);
    stop = startSettingsSync();
    await expect.poll(() => usePlaybackSettings.getState().settings.crossfadeSeconds).toBe(5);
    const { volume, ...playback } = saved;
    expect(usePlaybackSettings.getState().settings).toEqual(playback);
    expect(usePlayer.getState().volume).toBe(volume);
    // Applying the account's settings is no change of this browser's to send back.
    expect(requestsTo('PUT /api/user/player-settings')).toEqual([]);
  });

  it('save a change, and a dragged slider only once it rests', async () => {
    stop = startSettingsSync();
    await expect.poll(() => requestsTo('GET /api/user/player-settings').length).toBe(1);
    for (const seconds of [1, 2, 3, 4])
      usePlaybackSettings.getState().update({ crossfadeSeconds: seconds });
    usePlayer.getState().setVolume(0.3);
    await expect
      .poll(() => store.playerSettings.get(user._id)?.crossfadeSeconds, { timeout: 3000 })
      .toBe(4);
    expect(store.playerSettings.get(user._id)?.volume).toBe(0.3);
    expect(requestsTo('PUT /api/user/player-settings')).toHaveLength(1);
  });

  it('load the account’s settings again after signing in', async () => {
    useAuthStore.getState().clearSession();
    stop = startSettingsSync();
    store.playerSettings.set(user._id, saved);
    expect(usePlaybackSettings.getState().settings.crossfadeSeconds).toBe(0);
    logIn(user);
    await expect.poll(() => usePlaybackSettings.getState().settings.replayGainMode).toBe('auto');
  });
});
