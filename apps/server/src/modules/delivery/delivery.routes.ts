import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@cadenza/contract/validation';
import { Forbidden, Invalid, NotFound } from '../../errors';
import { renderContentSecurityPolicy } from '../../plugins/security-headers';
import { errorResponses } from '../../schemas';
import type { AccelRedirects } from '../../storage/accel-redirects';
import type { DirectLinks } from '../../storage/direct-links';
import type { ObjectStore } from '../../storage/object-store';
import { sendBlob, type BlobSource } from './blob-response';
import type { ContentTypes } from './content-types';
import {
  COVER_VARIANT_SIZES_TEXT,
  coverVariantFormat,
  coverVariantKey,
  coverVariantSizeOf,
  type CoverVariantFormat,
  type CoverVariants,
} from '../images/cover-variants';
import { contentTypeOfExtension, UNKNOWN_CONTENT_TYPE, type SongAudioFacts } from './media-types';
import { streamingLimitNamed, type MediaUrls } from './media-urls';
import { lowerLimitKbps, STREAMING_QUALITY_KBPS } from '@cadenza/contract/streaming-quality';
import { MAX_REQUEST_KBPS, type SongStreams } from '../transcoding/song-streams.service';

const KBPS_MESSAGE = `kbps must be 0 (no limit) or a whole number of kbps up to ${MAX_REQUEST_KBPS}.`;

export interface DeliveryRoutesOptions {
  readonly objects: ObjectStore;
  /** The bundled default images (apps/server/assets/defaults). */
  readonly defaults: BlobSource;
  readonly urls: MediaUrls;
  /** The types of uploaded media, from the rows that use it. */
  readonly contentTypes: ContentTypes;
  /** The smaller covers, made once each (the same ones `/rest` asks for). */
  readonly variants: CoverVariants;
  /** The type and length of a song's audio, for redirecting to it. */
  readonly songAudio: {
    audioOf(key: string): Promise<SongAudioFacts | null>;
  };
  /** Presigned URLs of the bucket with MEDIA_DELIVERY=redirect; otherwise media is sent here. */
  readonly directLinks: DirectLinks;
  /** With MEDIA_DELIVERY=accel, audio is answered with X-Accel-Redirect for nginx to send. */
  readonly accelRedirects: AccelRedirects;
  /** Audio in a format asked for (`?format=`), transcoded by ffmpeg where it is. */
  readonly streams: SongStreams;
  /** The app's Content-Security-Policy directives (helmet's form), sent with media too. */
  readonly contentSecurityPolicy: Readonly<Record<string, readonly string[]>>;
}

const DEFAULT_IMAGE_FILES = new Map([
  ['song.jpg', 'default-song.jpg'],
  ['playlist.jpg', 'default-playlist.jpg'],
  ['cover.jpg', 'default-cover.jpg'],
]);

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A private site's signed picture: the browser keeps it, no shared cache does. */
const PRIVATE_IMMUTABLE = 'private, max-age=31536000, immutable';

const VARIANT_TYPES: Record<CoverVariantFormat, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
};

/**
 * The security headers that matter for media, instead of the app's whole set: media is never sniffed into another type, other
 * sites cannot embed it, and a file opened on its own is held to the app's policy.
 */
function securityHeaders(options: DeliveryRoutesOptions): Record<string, string> {
  return {
    'content-security-policy': renderContentSecurityPolicy(options.contentSecurityPolicy),
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
  };
}

const wildcardParams = z.object({ '*': text('The media path') });
const imageQuery = z.object({ size: text('The image size').max(16).optional() });
/** On a private site (SITE_MODE=private) an image URL carries a signature, as audio does. */
const signedImageQuery = imageQuery.extend({
  expires: text('expires').max(32).optional(),
  signature: text('signature').max(128).optional(),
});
/** Bodies are streamed bytes; only the failures are JSON. */
const mediaBody = z.unknown().describe('The file, or the requested byte range of it');

/** The bundled defaults are named by their type. */
const defaultImageType = (file: string) => contentTypeOfExtension(file) ?? UNKNOWN_CONTENT_TYPE;

/**
 * /media: covers (a key never holds another picture, so they are cached for a year), audio
 * (behind an expiring signature, so that `<audio src>` works without headers) and the default
 * images. Keys are validated by the store, so no path, however encoded, leaves it.
 */
export const deliveryRoutes: FastifyPluginAsyncZod<DeliveryRoutesOptions> = async (
  app,
  options,
) => {
  const { objects, defaults, urls, variants, songAudio, directLinks, accelRedirects } = options;
  const contentType = options.contentTypes.of.bind(options.contentTypes);
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  /**
   * Every route here: not the app's security headers (see above), no log line for each range a player fetches, and
   * no compression (audio and images are compressed already; ranges count the file's bytes).
   */
  const lean = { config: { securityHeaders: false }, logLevel: 'warn', compress: false } as const;

  app.route({
    ...lean,
    method: ['GET', 'HEAD'],
    url: '/audio/*',
    schema: {
      tags: ['media'],
      summary: 'Stream an audio file through a signed, expiring URL (byte ranges supported)',
      params: wildcardParams,
      querystring: z.object({
        expires: text('expires').max(32).optional(),
        // The listener's own streaming limit, signed with the link.
        limit: text('limit').max(16).optional(),
        signature: text('signature').max(128).optional(),
        // A file browsers cannot play is linked with the format it is played in.
        format: text('format').max(16).optional(),
        // Where a transcode is needed (`kbps`, the limits), the format the player would have it in.
        prefer: text('prefer').max(16).optional(),
        // A player seeking in a transcode: it is sent once whole, with ranges.
        seekable: z.enum(['1']).optional(),
        // The listener's streaming quality: a file richer than this is transcoded.
        kbps: z.coerce
          .number({ error: KBPS_MESSAGE })
          .int(KBPS_MESSAGE)
          .min(0, KBPS_MESSAGE)
          .max(MAX_REQUEST_KBPS, KBPS_MESSAGE)
          .optional(),
      }),
      response: {
        200: mediaBody,
        206: mediaBody,
        302: z.void().describe('To a presigned URL of the bucket (MEDIA_DELIVERY=redirect)'),
        304: z.void(),
        ...errorResponses(400, 403, 404, 416),
      },
    },
    handler: async (request, reply) => {
      const key = `audio/${request.params['*']}`;
      const { expires, signature } = { expires: undefined, signature: undefined, ...request.query };
      const ownLimit = streamingLimitNamed(request.query.limit);
      if (
        !expires ||
        !signature ||
        (request.query.limit !== undefined && ownLimit === null) ||
        !urls.verifyAudio(key, expires, signature, Date.now(), ownLimit)
      ) {
        throw new Forbidden('This audio link is invalid or has expired.', 'invalid_media_link');
      }
      request.server.mediaAccess.track(request, reply, { kind: 'stream', key });
      const { format, kbps } = request.query;
      const limitKbps = lowerLimitKbps(
        await options.streams.limitKbps(null),
        ownLimit === null ? 0 : STREAMING_QUALITY_KBPS[ownLimit],
      );
      const song =
        format !== undefined || kbps !== undefined || limitKbps > 0 || directLinks.covers(key)
          ? await songAudio.audioOf(key)
          : null;
      if (format !== undefined || kbps !== undefined || limitKbps > 0) {
        const target = {
          audioKey: key,
          suffix: '',
          bitRate: song?.bitRate ?? null,
          seconds: song?.seconds ?? 0,
        };
        const plan = options.streams.plan(
          target,
          { format, maxKbps: kbps, limitKbps },
          options.streams.formatFor(request.query.prefer ?? request.headers.accept, 'opus'),
        );
        if (plan.kind === 'transcode') {
          await options.streams.send(request, reply, target, plan, {
            seekable: request.query.seekable === '1',
          });
          return reply;
        }
      }
      // Local media, proxied media and scanned files are sent from here: no lookup for them.
      const direct =
        song &&
        directLinks.covers(key) &&
        (await directLinks.of(key, { lengthSeconds: song.seconds, contentType: song.mime }));
      if (direct) {
        // Each answer is signed afresh: a cached one could outlive its signature.
        return reply.header('cache-control', 'private, no-store').redirect(direct, 302);
      }
      const accelRedirect = accelRedirects.of(key);
      return sendBlob(request, reply, objects, key, {
        cacheControl: 'private, max-age=3600',
        contentType,
        accelRedirect,
        // nginx may reuse this answer for the same signed URL, never past the link's expiry.
        accelExpires: accelRedirect ? accelRedirects.reuseUntil(Number(expires)) : undefined,
      });
    },
  });

  app.route({
    ...lean,
    method: ['GET', 'HEAD'],
    url: '/images/*',
    schema: {
      tags: ['media'],
      summary:
        'A cover image (its key never holds another picture: cached for a year), or with `size` ' +
        'a copy at most that many pixels a side: WebP when Accept allows, else JPEG or PNG',
      params: wildcardParams,
      querystring: urls.signsImages ? signedImageQuery : imageQuery,
      response: {
        200: mediaBody,
        206: mediaBody,
        304: z.void(),
        ...errorResponses(...(urls.signsImages ? [400, 403, 404, 416] : [400, 404, 416])),
      },
    },
    handler: async (request, reply) => {
      const key = `images/${request.params['*']}`;
      const { expires, signature } = { expires: undefined, signature: undefined, ...request.query };
      // A private site's pictures go to its members only: by the signature their pages carry.
      if (
        urls.signsImages &&
        (!expires || !signature || !urls.verifyImage(key, expires, signature))
      ) {
        throw new Forbidden('This image link is invalid or has expired.', 'invalid_media_link');
      }
      const cacheControl = urls.signsImages ? PRIVATE_IMMUTABLE : IMMUTABLE;
      const asked = request.query.size;
      if (asked === undefined) {
        return sendBlob(request, reply, objects, key, { cacheControl, contentType });
      }
      const size = coverVariantSizeOf(asked);
      if (size === null) {
        throw new Invalid(
          `The image size must be ${COVER_VARIANT_SIZES_TEXT} pixels.`,
          undefined,
          'invalid_image_size',
        );
      }
      // The answer depends on whether the browser takes WebP: caches keep one per Accept.
      reply.header('vary', 'Accept');
      const original = await objects.head(key);
      if (!original) throw new NotFound('This media file does not exist.', 'media_not_found');
      const format = coverVariantFormat(request.headers.accept, await contentType(key, original));
      const answer = await variants.ensure(key, original, size, format);
      if (answer === 'none') {
        throw new NotFound('This image cannot be shown at that size.', 'media_not_found');
      }
      if (answer === 'original') {
        // It cannot be resized, and is no larger than asked.
        return sendBlob(request, reply, objects, key, { cacheControl, contentType });
      }
      return sendBlob(request, reply, objects, coverVariantKey(key, size, format), {
        cacheControl,
        contentType: () => VARIANT_TYPES[format],
      });
    },
  });

  app.route({
    ...lean,
    method: ['GET', 'HEAD'],
    url: '/defaults/:name',
    schema: {
      tags: ['media'],
      summary: 'A default image: song.jpg, playlist.jpg or cover.jpg',
      params: z.object({ name: text('name') }),
      response: { 200: mediaBody, 206: mediaBody, 304: z.void(), ...errorResponses(400, 404, 416) },
    },
    handler: (request, reply) => {
      const file = DEFAULT_IMAGE_FILES.get(request.params.name);
      if (!file) throw new NotFound('There is no such default image.', 'media_not_found');
      return sendBlob(request, reply, defaults, file, {
        cacheControl: 'public, max-age=86400',
        contentType: defaultImageType,
      });
    },
  });
};
