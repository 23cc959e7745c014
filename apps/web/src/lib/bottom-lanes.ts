/**
 * The fixed bands at the bottom of the window. The player (and, on phones, the tab bar) publishes
 * its total height in `--cadenza-player-offset`; above it the chat button has a lane of its own
 * whose height is in `--cadenza-chat-lane`. Nothing a listener reaches for is ever under either.
 */
export const PLAYER_OFFSET = 'var(--cadenza-player-offset, 0px)';
export const CHAT_LANE_VARIABLE = '--cadenza-chat-lane';
export const CHAT_LANE = `var(${CHAT_LANE_VARIABLE}, 0px)`;
/** Everything fixed at the bottom of the window, the chat lane included. */
export const BOTTOM_RESERVED = `calc(${PLAYER_OFFSET} + ${CHAT_LANE})`;
