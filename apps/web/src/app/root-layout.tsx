import { AppLayout } from '@/components/app-layout';
import { Suspense } from 'react';
import { PlayerRoot } from '@/features/player/player-root';
import { lazyComponent } from '@/lib/lazy-component';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * The chat's button is not needed to paint a page: it arrives just after, in a chunk of its own,
 * plain CSS like the frame (its MUI panel loads only when the button is approached).
 */
export const chatWidget = lazyComponent(() =>
  import('@/features/chat/chat-widget').then((m) => m.ChatWidget),
);

/** The keyboard shortcuts: no part of the first paint, so in a chunk of their own. */
export const keyboardShortcuts = lazyComponent(() =>
  import('@/features/player/keyboard-shortcuts').then((m) => m.KeyboardShortcuts),
);

/** Installs the app and announces new versions: after the first paint, in a chunk of its own. */
export const appUpdateNotice = lazyComponent(() =>
  import('@/features/app-update/app-update-notice').then((m) => m.AppUpdateNotice),
);

/**
 * The frame of every page: the shared layout plus what floats above every screen (the help chat,
 * the bottom player) and the keyboard shortcuts. It lives in app/ because those are features and
 * only app/ may compose features. The player and the chat are no part of a page rendered at build time: they
 * join once the browser has taken that markup over (a restored song is the browser's to know).
 */
export function RootLayout() {
  const hydrated = useHydrated();
  return (
    <>
      <AppLayout />
      {hydrated && <PlayerRoot />}
      {hydrated && (
        <Suspense fallback={null}>
          <chatWidget.Component />
        </Suspense>
      )}
      {hydrated && (
        <Suspense fallback={null}>
          <keyboardShortcuts.Component />
        </Suspense>
      )}
      {hydrated && (
        <Suspense fallback={null}>
          <appUpdateNotice.Component />
        </Suspense>
      )}
    </>
  );
}
