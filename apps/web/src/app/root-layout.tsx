import { AppLayout } from '@/components/app-layout';
import { ChatWidget } from '@/features/chat/chat-widget';
import { PlayerRoot } from '@/features/player/player-root';

/**
 * The frame of every page: the shared layout plus what floats above every screen (the help chat
 * and the bottom player). It lives in app/ because those are features and only app/ may
 * compose features.
 */
export function RootLayout() {
  return (
    <>
      <AppLayout />
      <PlayerRoot />
      <ChatWidget />
    </>
  );
}
