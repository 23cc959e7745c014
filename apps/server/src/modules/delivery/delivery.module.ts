import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { contentSecurityPolicy } from '../../plugins/security-headers';
import { ContentTypes } from './content-types';
import { MediaTypesRepository } from './media-types.repository';
import { deliveryRoutes } from './delivery.routes';

/** Audio and images under `/media` (outside `/api`: `<audio>` and `<img>` load them directly). */
export async function registerDeliveryModule(app: FastifyInstance, c: Container): Promise<void> {
  const rows = new MediaTypesRepository(c.database.db);
  await app.register(deliveryRoutes, {
    prefix: '/media',
    objects: c.objects,
    defaults: c.defaultImages,
    urls: c.mediaUrls,
    contentTypes: new ContentTypes(rows),
    songAudio: rows,
    contentSecurityPolicy: contentSecurityPolicy(c.mediaOrigins),
    directLinks: c.directLinks,
    accelRedirects: c.accelRedirects,
  });
}
