import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { CONTENT_SECURITY_POLICY } from '../../plugins/security-headers';
import { ContentTypes } from './content-types';
import { MediaTypesRepository } from './media-types.repository';
import { mediaRoutes } from './media.routes';

/** Audio and images under `/media` (outside `/api`: `<audio>` and `<img>` load them directly). */
export async function registerMediaModule(app: FastifyInstance, c: Container): Promise<void> {
  await app.register(mediaRoutes, {
    prefix: '/media',
    objects: c.objects,
    defaults: c.defaultImages,
    urls: c.mediaUrls,
    contentTypes: new ContentTypes(new MediaTypesRepository(c.database.db)),
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
  });
}
