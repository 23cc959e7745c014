/**
 * The fixed band at the bottom of the window: the player (and, on phones, the tab bar under it)
 * publishes its total height in `--cadenza-player-offset` (lib/bottom-bars). Nothing a listener
 * reaches for is ever under it. No other band is reserved: the help chat's button sits in the
 * header (lib/header-slots).
 */
export const PLAYER_OFFSET = 'var(--cadenza-player-offset, 0px)';
/** Everything fixed at the bottom of the window. */
export const BOTTOM_RESERVED = PLAYER_OFFSET;
