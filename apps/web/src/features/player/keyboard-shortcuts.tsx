import { Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useToggleLike } from '@/api/songs/toggle-like';
import { lazyMuiComponent } from '@/components/lazy-mui-component';
import { useToast } from '@/components/toast-context';
import { useAuthStore } from '@/lib/auth-store';
import { usePlayer } from '@/lib/player/player-store';
import { useQueueView } from '@/lib/player/queue-view';
import {
  SEEK_STEP_SECONDS,
  VOLUME_STEP,
  needsSong,
  shortcutFor,
  type ShortcutCommand,
} from './keymap';
import { changeVolume, seekBy } from './player-commands';

const shortcutHelp = lazyMuiComponent(() =>
  import('./shortcut-help-dialog').then((m) => m.ShortcutHelpDialog),
);

/** A page's own search field, if it has one: the dashboard's search bar, the search page's. */
function pageSearchField(): HTMLElement | null {
  return document.querySelector<HTMLElement>(
    'input[type="search"], [role="search"] input, [role="searchbox"]',
  );
}

/** Where Space has a native job besides pressing: buttons and links (their Enter still works). */
const PRESSABLE = 'button, a[href], [role="button"], [role="link"], summary';

/**
 * The keyboard shortcuts of docs/product.md §12.8, wherever focus is except in text fields
 * (the keymap decides which key does what, and where). Mounted once, at the root.
 */
export function KeyboardShortcuts() {
  const navigate = useNavigate();
  const toast = useToast();
  const { mutate: toggleLike } = useToggleLike();
  const loggedIn = useAuthStore((state) => state.token !== null);
  const [helpOpen, setHelpOpen] = useState(false);
  // Once opened, the sheet stays mounted so that it can animate closed.
  const [helpShown, setHelpShown] = useState(false);
  // Read by the listeners, which are added once.
  const latest = useRef({ navigate, toast, toggleLike, loggedIn });
  useEffect(() => {
    latest.current = { navigate, toast, toggleLike, loggedIn };
  }, [navigate, toast, toggleLike, loggedIn]);

  useEffect(() => {
    const run = (command: ShortcutCommand) => {
      const player = usePlayer.getState();
      switch (command) {
        case 'togglePlay':
          return player.togglePlay();
        case 'seekBack':
          return seekBy(-SEEK_STEP_SECONDS);
        case 'seekForward':
          return seekBy(SEEK_STEP_SECONDS);
        case 'previous':
          return player.previous();
        case 'next':
          return player.next();
        case 'volumeUp':
          return changeVolume(VOLUME_STEP);
        case 'volumeDown':
          return changeVolume(-VOLUME_STEP);
        case 'mute':
          return player.toggleMute();
        case 'like': {
          const { toggleLike, toast } = latest.current;
          if (!player.current) return;
          // As the player's heart does: the heart flips at once, a failure is told.
          return toggleLike(player.current, {
            onError: () => toast.error('Failed to update Liked Songs'),
          });
        }
        case 'shuffle':
          return player.toggleShuffle();
        case 'repeat':
          return player.toggleRepeat();
        case 'queue':
          return useQueueView.getState().toggle();
        case 'search': {
          const field = pageSearchField();
          if (field) field.focus();
          // The search page focuses its field when it opens.
          else if (latest.current.loggedIn) void latest.current.navigate('/search');
          return;
        }
        case 'help':
          setHelpShown(true);
          setHelpOpen(true);
          return;
      }
    };

    const applies = (command: ShortcutCommand) =>
      !needsSong(command) || usePlayer.getState().current !== null;

    let spaceTaken = false;
    const handle = (event: KeyboardEvent) => {
      if (event.isComposing) return;
      const command = shortcutFor(event, event.target);
      if (!command || !applies(command)) return;
      event.preventDefault();
      if (command === 'togglePlay') spaceTaken = true;
      run(command);
    };

    // Space on a button or a link plays or pauses instead of pressing it: taken before the
    // page's own handlers (which press a button on Space's key-up), and its key-up too.
    const handleSpaceOnPressable = (event: KeyboardEvent) => {
      if (event.key !== ' ' || !(event.target instanceof Element)) return;
      if (!event.target.closest(PRESSABLE)) return;
      handle(event);
    };
    const handleBubbled = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      handle(event);
    };
    const handleKeyUp = (event: KeyboardEvent) => {
      if (event.key !== ' ' || !spaceTaken) return;
      spaceTaken = false;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('keydown', handleSpaceOnPressable, true);
    window.addEventListener('keydown', handleBubbled);
    window.addEventListener('keyup', handleKeyUp, true);
    return () => {
      window.removeEventListener('keydown', handleSpaceOnPressable, true);
      window.removeEventListener('keydown', handleBubbled);
      window.removeEventListener('keyup', handleKeyUp, true);
    };
  }, []);

  if (!helpShown) return null;
  return (
    <Suspense fallback={null}>
      <shortcutHelp.Component open={helpOpen} onClose={() => setHelpOpen(false)} />
    </Suspense>
  );
}
