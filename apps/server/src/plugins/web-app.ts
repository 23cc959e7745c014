import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { NotFound } from '../errors';
import { isClientRoutePath, isServableWebFile, looksLikeFile } from './web-paths';

/** Serves the built single-page app, falling back to index.html for client-side routes. */
export function registerWebApp(app: FastifyInstance, webRoot: string | null): void {
  const hasWebApp = webRoot !== null && fs.existsSync(path.join(webRoot, 'index.html'));
  if (hasWebApp) {
    void app.register(fastifyStatic, {
      root: webRoot,
      // Looked up per request, so that a rebuild's new files are served without a restart.
      wildcard: true,
      // The build writes .br and .gz beside each asset (scripts/build.mjs).
      preCompressed: true,
      dotfiles: 'deny',
      allowedPath: isServableWebFile,
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  if (hasWebApp) {
    // The root is a directory to the static plugin (403); it is the app's home page.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // A missing script or asset must be a 404: the page itself would be parsed as JavaScript.
    const isApi =
      pathname === '/api' ||
      pathname.startsWith('/api/') ||
      pathname.startsWith('/media/') ||
      pathname.startsWith('/assets/') ||
      looksLikeFile(pathname);
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !hasWebApp || !wantsPage || !isClientRoutePath(pathname)) {
      throw new NotFound(`Route ${request.method} ${pathname} not found.`, 'route_not_found');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
