import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import type { OutputBundle } from 'rollup';
import type { Plugin } from 'vite';
import { BUILD_META_NAME } from '../src/lib/app-update/worker-messages';
import { appManifestFiles } from './app-manifest';

/** The page the worker serves for any of the app's routes when the network is gone. */
const SHELL = '/index.html';

interface KeptFile {
  url: string;
  content: Uint8Array | string;
}

/** Every file the build writes that a page may load: the bundle's and the public folder's. */
function keptFiles(bundle: OutputBundle, publicDir: string): KeptFile[] {
  const built = Object.values(bundle)
    // The chunk graph (.vite/manifest.json) is the build's own, never fetched by a page.
    .filter((output) => !output.fileName.startsWith('.'))
    .map((output) => ({
      url: `/${output.fileName}`,
      content: output.type === 'chunk' ? output.code : output.source,
    }));
  const published = fs.existsSync(publicDir)
    ? fs
        .readdirSync(publicDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => {
          const file = path.join(entry.parentPath, entry.name);
          const relative = path.relative(publicDir, file).split(path.sep).join('/');
          return { url: `/${relative}`, content: fs.readFileSync(file) };
        })
    : [];
  return [...built, ...published].sort((a, b) => a.url.localeCompare(b.url));
}

/** A name for the build that changes when any file a page may load changes. */
function buildIdentity(files: KeptFile[]): string {
  const hash = createHash('sha256');
  for (const { url, content } of files) hash.update(url).update('\0').update(content).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/**
 * Makes the production build installable (docs/decisions/110): writes the web app manifest and
 * its icons, names the build in index.html (`<meta name="cadenza-build">`) and compiles the
 * service worker (`service-worker/`) into `sw.js` with the list of files it keeps.
 */
export function installableApp(): Plugin {
  let root = '';
  let publicDir = '';
  return {
    name: 'cadenza-installable-app',
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild !== true,
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      publicDir = config.publicDir;
    },
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' }, injectTo: 'head' },
      {
        tag: 'link',
        attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
        injectTo: 'head',
      },
    ],
    async generateBundle(_options, bundle) {
      const mark = fs.readFileSync(path.join(publicDir, 'favicon.svg'));
      for (const file of await appManifestFiles(mark)) this.emitFile({ type: 'asset', ...file });

      const page = bundle[SHELL.slice(1)];
      if (page?.type !== 'asset') throw new Error('The build has no index.html');
      const files = keptFiles(bundle, publicDir);
      const build = buildIdentity(files);
      page.source = String(page.source).replace(
        '</head>',
        `  <meta name="${BUILD_META_NAME}" content="${build}" />\n  </head>`,
      );

      const compiled = await esbuild({
        entryPoints: [path.join(root, 'service-worker/service-worker.ts')],
        bundle: true,
        write: false,
        format: 'iife',
        minify: true,
        target: 'es2022',
        logLevel: 'silent',
        define: {
          __CADENZA_BUILD__: JSON.stringify({
            build,
            shell: SHELL,
            files: files.map((file) => file.url),
          }),
        },
      });
      const worker = compiled.outputFiles[0];
      if (!worker) throw new Error('The service worker did not compile');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: worker.text });
    },
  };
}
