/** SPEC.md §9. */
export const CHAT_PANEL_WIDTH = 380;
export const CHAT_PANEL_HEIGHT = 480;
export const CHAT_FOCUS_DELAY_MS = 300;

// Leaves room for the bottom player when it is on screen (it sets this variable).
export const BOTTOM_OFFSET = 'var(--cadenza-player-offset, 0px)';
