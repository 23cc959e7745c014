import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { NotFound } from '../errors';
import { allowScripts, prerenderedPages } from './prerendered-pages';
import { isClientRoutePath, isServableWebFile, looksLikeFile } from './web-paths';

/**
 * Serves the built single-page app, falling back to index.html for client-side routes. A private
 * site sends `/` to the login page and paints no page ahead (the landing page is public).
 */
export function registerWebApp(
  app: FastifyInstance,
  webRoot: string | null,
  siteMode: 'public' | 'private' = 'public',
): void {
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
  const findPrerendered =
    webRoot === null || siteMode === 'private' ? () => null : prerenderedPages(webRoot);
  /** A page rendered at build time for its path if there is one, else the empty shell. */
  const sendPage = (reply: FastifyReply, pathname: string) => {
    reply.header('cache-control', 'no-cache');
    const page = findPrerendered(pathname);
    if (!page) return reply.sendFile('index.html');
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') {
      reply.header('content-security-policy', allowScripts(policy, page.scriptHashes));
    }
    return reply.sendFile(page.file);
  };
  if (hasWebApp) {
    // The root is a directory to the static plugin (403); it is the app's home page.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      siteMode === 'private' ? reply.redirect('/login', 302) : sendPage(reply, '/'),
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
    return sendPage(reply, pathname);
  });
}
