import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Text answers that compress well: JSON, HTML, CSS, JavaScript, XML and SVG. Audio and raster
 * images are compressed already (their routes opt out as well), and `application/octet-stream`
 * (the plugin's default compresses it) may be any of those.
 */
export const COMPRESSIBLE_TYPES =
  /^text\/(?!event-stream)|[/+]json(?:;|$)|[/+]xml(?:;|$)|^application\/javascript(?:;|$)/u;

/**
 * Brotli or gzip for API answers and other text, as the client's Accept-Encoding allows (under
 * 1 KB stays as is: the headers would cost more than the saving). Partial content (206) never
 * is: its Content-Range counts bytes of the file itself. Files the web app precompressed at
 * build time go out as they are.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
    threshold: 1024,
  });
}
