import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import { BOTTOM_RESERVED, CHAT_LANE_VARIABLE, PLAYER_OFFSET } from '@/lib/bottom-lanes';
import { CHAT_LANE_HEIGHT } from './chat-layout';

/**
 * The lane the chat button sits in: an opaque band across the window just above the player, so
 * that at every scroll position the button covers only its own band, never a card or its
 * buttons. The page ends above the band (a spacer as tall as it), and anything scrolled to
 * (focus, `scrollIntoView`, links to an anchor) stops above it too.
 */
export function ChatDock() {
  return (
    <>
      <GlobalStyles
        styles={{
          ':root': {
            [CHAT_LANE_VARIABLE]: `${CHAT_LANE_HEIGHT}px`,
            // The bottom bars set their own height here; this sum includes it, so it wins.
            scrollPaddingBottom: `${BOTTOM_RESERVED} !important`,
          },
        }}
      />
      <Box aria-hidden sx={{ height: CHAT_LANE_HEIGHT, flexShrink: 0 }} />
      <Box
        aria-hidden
        data-testid="chat-lane"
        sx={(theme) => ({
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: PLAYER_OFFSET,
          height: CHAT_LANE_HEIGHT,
          // Just under the button, and under the player, drawers and dialogs.
          zIndex: theme.zIndex.speedDial - 1,
          bgcolor: 'background.default',
          borderTop: 1,
          borderColor: 'divider',
        })}
      />
    </>
  );
}
