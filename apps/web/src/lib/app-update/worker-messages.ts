/** What a page asks of the service worker (service-worker/service-worker.ts). */
export type PageMessage =
  /** Take over now: the listener chose to load the new version. */
  | { type: 'skip-waiting' }
  /** Which build do you hold? Answered on the message's port with a `BuildAnswer`. */
  | { type: 'which-build' };

export interface BuildAnswer {
  build: string;
}

/** The `<meta>` that names the build a page comes from (written by build/app-manifest.ts). */
export const BUILD_META_NAME = 'cadenza-build';
