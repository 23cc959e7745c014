import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { chunkGroups } from './build/chunk-groups';
import { designTokensInPage } from './build/design-tokens-stylesheet';
import { installableApp } from './build/service-worker-plugin';

const apiTarget = 'http://localhost:3000';
// Two workers even on two cores: jsdom files spend much of their time loading, not running.
const testWorkers = Math.max(2, availableParallelism() - 1);

export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), designTokensInPage(), installableApp()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps would publish the sources; the server refuses *.map requests as well.
    sourcemap: false,
    // .vite/manifest.json: the chunk graph the landing page's JavaScript budget is checked on.
    manifest: true,
    // Browsers without <link rel="modulepreload"> (Safari before 17) still load every chunk, one
    // request later; the polyfill would cost every visitor its bytes in the entry.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // React changes less often than the app: its own chunk stays cached across deploys. What
        // the listener's frame and first screens import is gathered into two chunks, their
        // libraries (MUI) and the app's shared components, instead of dozens of small ones
        // (build/chunk-groups.ts); the landing page and the auth screens keep exactly their own.
        // Other code goes where Rollup puts it, so a screen downloads only the parts it uses.
        // Below this size Rollup merges a chunk into one loaded beside it: fewer requests.
        experimentalMinChunkSize: 20_000,
        // The landing page's build-time render (--ssr) is one file run once: no grouping.
        manualChunks: isSsrBuild ? undefined : chunkGroups(),
        // Only the modules named above move; what they import from the entry stays there.
        onlyExplicitManualChunks: true,
      },
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place; harmless and not ours to fix.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'service-worker/**/*.test.ts'],
    css: false,
    // Longer than Testing Library's 5 s wait (test/setup.ts), so a slow find fails as itself.
    testTimeout: 15_000,
    restoreMocks: true,
    unstubGlobals: true,
    maxWorkers: testWorkers,
    minWorkers: testWorkers,
  },
}));
