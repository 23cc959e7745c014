import type { RegisterModule } from '../../module';
import { contentSecurityPolicy } from '../../plugins/security-headers';
import { deliveryRoutes } from './delivery.routes';
import { radioRelayRoutes } from './radio-relay.routes';

/**
 * Audio, images and relayed radio under `/media` (outside `/api`: `<audio>` and `<img>` load them
 * directly).
 */
export const registerDeliveryModule: RegisterModule = async (app, c, s) => {
  await app.register(deliveryRoutes, {
    prefix: '/media',
    objects: c.objects,
    defaults: c.defaultImages,
    urls: c.mediaUrls,
    contentTypes: s.contentTypes,
    variants: s.coverVariants,
    songAudio: s.mediaTypes,
    contentSecurityPolicy: contentSecurityPolicy(c.mediaOrigins),
    directLinks: c.directLinks,
    accelRedirects: c.accelRedirects,
    streams: s.songStreams,
  });
  // Internet radio for the web player, relayed from the station (internet-radio/station-relay.service.ts).
  await app.register(radioRelayRoutes, {
    prefix: '/media',
    relay: s.stationRelay,
    urls: c.mediaUrls,
  });
};
