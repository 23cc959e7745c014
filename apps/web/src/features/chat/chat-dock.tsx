import styles from './chat-dock.module.css';

/**
 * The lane the chat button sits in: an opaque band across the window just above the player, so
 * that at every scroll position the button covers only its own band, never a card or its
 * buttons. The page ends above the band (a spacer as tall as it), and anything scrolled to
 * (focus, `scrollIntoView`, links to an anchor) stops above it too (the stylesheet's `:root`).
 * Its height is CHAT_LANE_HEIGHT (chat-layout.ts), written in the stylesheet.
 */
export function ChatDock() {
  return (
    <>
      <div aria-hidden className={styles.spacer} />
      <div aria-hidden data-testid="chat-lane" className={styles.lane} />
    </>
  );
}
