/** The listener's screens: the ones framed by the sidebar (desktop) or the tab bar (phone). */
const LISTENER_PATHS = [
  /^\/user\/dashboard\/?$/,
  /^\/account\/?$/,
  /^\/discover\/?$/,
  /^\/search\/?$/,
  /^\/player\/?$/,
  /^\/library\/[^/]+\/?$/,
  /^\/(?:playlist|album|artist|genre)\/[^/]+\/?$/,
  /^\/genres(?:\/[^/]+)?\/?$/,
  /^\/podcasts(?:\/[^/]+)?\/?$/,
  /^\/live-radio\/?$/,
  /^\/user\/history\/?$/,
  /^\/stats(?:\/years\/[^/]+)?\/?$/,
];

export function isListenerPath(pathname: string): boolean {
  return LISTENER_PATHS.some((pattern) => pattern.test(pathname));
}

/** The desktop sidebar's width; its placeholder keeps the page in place while its code loads. */
export const SIDEBAR_WIDTH = 248;

/** Your Library's pages: on a phone, a row of links to its five lists sits atop each. */
export function isLibraryPath(pathname: string): boolean {
  return /^\/library\/[^/]+\/?$/.test(pathname);
}

/** The height of that row; its placeholder keeps the page in place while its code loads. */
export const LIBRARY_LINKS_HEIGHT = 52;
