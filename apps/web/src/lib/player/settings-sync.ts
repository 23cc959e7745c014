import type { PlayerSettings } from '@cadenza/contract/player-settings';
import { getPlayerSettings, savePlayerSettings } from '@/api/player/player-settings';
import { useAuthStore } from '@/lib/auth-store';
import { usePlaybackSettings, type PlaybackSettings } from './playback-settings';
import { usePlayer } from './player-store';

/** How long settings rest before they are saved: a slider dragged is one save, not fifty. */
export const SETTINGS_SAVE_DELAY_MS = 800;

function accountSettings(): PlayerSettings {
  return { ...usePlaybackSettings.getState().settings, volume: usePlayer.getState().volume };
}

function applyAccountSettings({ volume, ...playback }: PlayerSettings): void {
  usePlaybackSettings.getState().replace(playback satisfies PlaybackSettings);
  // Set from outside the player's actions: setVolume would also unmute.
  if (usePlayer.getState().volume !== volume) usePlayer.setState({ volume });
}

/**
 * Makes the playback settings and the volume follow the account (docs/product.md §12): read from
 * the server when a listener is signed in (and again when the tab comes back into view), saved a
 * moment after each change. Returns the function that stops it.
 */
export function startSettingsSync(): () => void {
  let loadedFor: string | null = null;
  let applying = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let loading: AbortController | undefined;

  const signedInUser = () => {
    const { token, user } = useAuthStore.getState();
    return token && user ? user._id : null;
  };

  const load = async () => {
    const user = signedInUser();
    if (!user) return;
    loading?.abort();
    const controller = new AbortController();
    loading = controller;
    try {
      const settings = await getPlayerSettings(controller.signal);
      // A change made here meanwhile is newer than what the server had: it is saved instead.
      if (controller.signal.aborted || timer !== undefined || signedInUser() !== user) return;
      applying = true;
      applyAccountSettings(settings);
      loadedFor = user;
    } catch (error) {
      if (!controller.signal.aborted) console.debug('Could not load the player settings', error);
    } finally {
      applying = false;
    }
  };

  const scheduleSave = () => {
    if (applying || loadedFor === null || loadedFor !== signedInUser()) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      savePlayerSettings(accountSettings()).catch((error: unknown) =>
        console.debug('Could not save the player settings', error),
      );
    }, SETTINGS_SAVE_DELAY_MS);
  };

  const stopSettings = usePlaybackSettings.subscribe((state, previous) => {
    if (state.settings !== previous.settings) scheduleSave();
  });
  const stopVolume = usePlayer.subscribe((state, previous) => {
    if (state.volume !== previous.volume) scheduleSave();
  });
  const stopAuth = useAuthStore.subscribe((state, previous) => {
    if (state.token === previous.token) return;
    loadedFor = null;
    clearTimeout(timer);
    timer = undefined;
    void load();
  });
  const onVisible = () => {
    if (document.visibilityState === 'visible' && timer === undefined) void load();
  };
  document.addEventListener('visibilitychange', onVisible);
  void load();

  return () => {
    stopSettings();
    stopVolume();
    stopAuth();
    document.removeEventListener('visibilitychange', onVisible);
    loading?.abort();
    clearTimeout(timer);
  };
}
