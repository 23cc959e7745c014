import type { GetManualChunk, ManualChunkMeta } from 'rollup';

/**
 * How the signed-in screens' code is grouped into chunks (docs/decisions/060-listener-chunks.md).
 *
 * Left to Rollup, every MUI component, icon and shared component a screen uses becomes a chunk of
 * its own when two screens share it: a listener's first screen fetched about fifty small scripts,
 * and over HTTP/1.1 (six connections to a server) each costs a round trip. Here, what the
 * listener's frame and first screens (Discover, the dashboard's Home) import statically is
 * gathered into two chunks: the libraries (MUI with its styling engine and icons) and the app's
 * shared components. What the landing page, the auth screens and the chat's button load before
 * their first paint is never moved: they stay exactly as light as before.
 */

/** The modules whose static imports make the listener's first screens. */
const LISTENER_ROOTS = [
  '/src/components/mui-scope.tsx',
  '/src/components/app-shell/tab-bar.tsx',
  '/src/components/app-shell/sidebar.tsx',
  '/src/components/toast-stacks.tsx',
  '/src/features/discover/discover-page.tsx',
  '/src/features/dashboard/user-dashboard-page.tsx',
  '/src/features/dashboard/tabs/home-tab.tsx',
];

/** Modules whose static imports must stay where Rollup puts them (the light first paints). */
const LIGHT_ROOTS = [
  '/src/app/main.tsx',
  '/src/features/landing/landing-page.tsx',
  '/src/features/auth/login-page.tsx',
  '/src/features/auth/signup-page.tsx',
  '/src/features/auth/forgot-password-page.tsx',
  '/src/features/auth/reset-password-page.tsx',
  '/src/features/chat/chat-widget.tsx',
];

const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
/**
 * The service worker's installer and update notice: small and free of side effects, so that
 * Rollup would merge it into the entry (`experimentalMinChunkSize`), which every first paint
 * loads; named, it stays the chunk of its own it is meant to be, loaded after the page.
 */
const APP_UPDATE = /[\\/]src[\\/](features|lib)[\\/]app-update[\\/]/;
const NODE_MODULES = /[\\/]node_modules[\\/]/;
/** A feature's own modules, which stay in their screen's chunk. */
const FEATURE_CODE = /[\\/]src[\\/]features[\\/]/;

type Meta = Pick<ManualChunkMeta, 'getModuleIds' | 'getModuleInfo'>;

/** Every module reachable from `roots` through static imports. */
function staticClosure(roots: string[], meta: Meta): Set<string> {
  const ids = [...meta.getModuleIds()];
  const seen = new Set<string>();
  const stack = roots.flatMap((root) => ids.filter((id) => id.endsWith(root)));
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(meta.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

interface Groups {
  listener: Set<string>;
  light: Set<string>;
}

/** Rollup's `output.manualChunks`: React alone, and the listener's libraries and shared code. */
export function chunkGroups(): GetManualChunk {
  // One module graph per build (the same config may build more than once, e.g. in watch mode).
  const groupsOfBuild = new WeakMap<Meta['getModuleInfo'], Groups>();
  return (id, meta) => {
    if (REACT.test(id)) return 'react';
    if (APP_UPDATE.test(id)) return 'app-update';
    let groups = groupsOfBuild.get(meta.getModuleInfo);
    if (!groups) {
      groups = {
        listener: staticClosure(LISTENER_ROOTS, meta),
        light: staticClosure(LIGHT_ROOTS, meta),
      };
      groupsOfBuild.set(meta.getModuleInfo, groups);
    }
    if (!groups.listener.has(id) || groups.light.has(id)) return undefined;
    if (NODE_MODULES.test(id)) return 'listener-libs';
    // Everything else they share (components, the API's calls, the theme, the contract's
    // constants): a module left out between two grouped ones would become a chunk of its own.
    return FEATURE_CODE.test(id) ? undefined : 'listener-shared';
  };
}
