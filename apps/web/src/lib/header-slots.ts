/**
 * The header keeps an empty square at its end, painted with the page, for the help chat's button,
 * which arrives just after the first paint and is drawn into it (a portal): the button sits in
 * space the header already fixes, so it covers nothing and costs no height of its own.
 */
export const ASSISTANT_SLOT_ID = 'assistant-slot';
/** The square's side: the round button's size. */
export const ASSISTANT_SLOT_SIZE = 48;
/** The header's height (its bottom border included) below and from md: where panels under it start. */
export const HEADER_HEIGHT = { narrow: 61, wide: 69 } as const;
