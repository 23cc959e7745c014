import { PLAYER_OFFSET } from '@/lib/bottom-lanes';
import { HEADER_HEIGHT } from '@/lib/header-slots';

/** docs/product.md §9. */
export const CHAT_PANEL_WIDTH = 380;
export const CHAT_PANEL_HEIGHT = 480;
export const CHAT_FOCUS_DELAY_MS = 300;

/** The gap between the header, where the button is, and the panel that opens under it. */
export const PANEL_GAP = 8;
/** Where the panel's top is, from sm up: just under the header and its button. */
export const PANEL_TOP_NARROW = HEADER_HEIGHT.narrow + PANEL_GAP;
export const PANEL_TOP_WIDE = HEADER_HEIGHT.wide + PANEL_GAP;

// The panel ends above the bottom player when it is on screen (it sets this variable).
export const BOTTOM_OFFSET = PLAYER_OFFSET;
