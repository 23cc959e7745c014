import { PLAYER_OFFSET } from '@/lib/bottom-lanes';

/** docs/product.md §9. */
export const CHAT_PANEL_WIDTH = 380;
export const CHAT_PANEL_HEIGHT = 480;
export const CHAT_FOCUS_DELAY_MS = 300;

/**
 * The band the chat button docks into, above the player: the button is 48 px with 8 px around.
 * The button's and the lane's stylesheets (chat-button, chat-dock) hold the same sizes.
 */
export const CHAT_LANE_HEIGHT = 64;

// Leaves room for the bottom player when it is on screen (it sets this variable).
export const BOTTOM_OFFSET = PLAYER_OFFSET;
