import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Route } from '@cadenza/contract/route';
import {
  publicSongPageSchema,
  songListQuerySchema,
  songPageSchema,
  type PublicSong,
  type Song,
} from '@cadenza/contract/songs';
import { declaredUrl } from '../../declared-routes';
import { errorResponses } from '../../schemas';
import { urlsFor, type MediaUrls } from '../delivery/media-urls';
import { songPageKey, type EncodedPage, type PageKey, type SongPageCache } from './song-page-cache';
import type { SongRecord } from './song-record';
import { presentPublicSong, presentSong } from './songs.presenter';
import type { SongsService } from './songs.service';

type Api = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Who may read the list of every song, and what they see of each: the only ways in which its
 * audiences differ. Listeners and admins get signed audio URLs; visitors get none, since a signed
 * URL plays without a login (decision 016).
 */
export interface SongListAudience<Item> {
  /** Pages are kept per audience: those of one are never served to another. */
  readonly name: string;
  /** The onRequest guard that lets the audience in; none for visitors. */
  readonly guard: 'requireUser' | 'requireAdmin' | null;
  readonly tags: string[];
  readonly summary: string;
  /** How a caller outside the audience is turned away. */
  readonly refusals: (401 | 403)[];
  readonly page: z.ZodType<{ success: true; data: Item[]; nextCursor?: string | undefined }>;
  readonly present: (song: SongRecord, urls: MediaUrls, now: number) => Item;
}

const EVERY_SONG = 'All songs, or those of one genre, newest first, a page at a time';

const listeners: SongListAudience<Song> = {
  name: 'listeners',
  guard: 'requireUser',
  tags: ['songs'],
  summary: EVERY_SONG,
  refusals: [401],
  page: songPageSchema,
  present: presentSong,
};

export const songListAudiences = {
  listeners,
  admins: {
    ...listeners,
    name: 'admins',
    guard: 'requireAdmin',
    tags: ['admin'],
    refusals: [401, 403],
  },
  visitors: {
    name: 'visitors',
    guard: null,
    tags: ['general'],
    summary: `${EVERY_SONG}, without audio (public)`,
    refusals: [],
    page: publicSongPageSchema,
    present: presentPublicSong,
  },
} satisfies Record<string, SongListAudience<Song> | SongListAudience<PublicSong>>;

const JSON_TYPE = 'application/json; charset=utf-8';

/** The page a request will answer with, until the compression of the answers has run. */
interface Answer {
  readonly key: PageKey;
  readonly json: Buffer;
  readonly acceptEncoding: string;
}

/** Adds `accept-encoding` to Vary as the compression of the answers does. */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) {
    reply.header('vary', 'accept-encoding');
    return;
  }
  const values = Array.isArray(vary) ? vary.map(String) : [String(vary)];
  if (!values.some((value) => value.includes('accept-encoding'))) {
    reply.header('vary', [...values, 'accept-encoding'].join(', '));
  }
}

/** A page's JSON as serialised already (the compression may still encode it). */
function sendJson(reply: FastifyReply, json: Buffer): FastifyReply {
  return reply.type(JSON_TYPE).send(json);
}

/** A page as the compression encoded it once, with the headers it sets. */
function sendCompressed(reply: FastifyReply, copy: EncodedPage): FastifyReply {
  varyOnEncoding(reply);
  return reply
    .type(JSON_TYPE)
    .header('content-encoding', copy.encoding)
    .header('content-length', copy.bytes.length)
    .send(copy.bytes);
}

/** The Accept-Encoding of a request whose answer the compression may encode, else null. */
function encodable(request: FastifyRequest): string | null {
  const accepted = request.headers['accept-encoding'];
  if (accepted === undefined || request.headers['x-no-compression'] !== undefined) return null;
  return accepted;
}

/**
 * GET `path`: every song (or, with `genre`, those of one genre), newest first, a page at a time,
 * as `audience` sees it. The page is the same for everyone in the audience until the catalogue
 * changes or its links' expiry step passes, so its bytes are kept (`pages`) with the copies the
 * compression made of them.
 */
export function songListRoute<Item>(
  app: Api,
  route: Route<'GET'>,
  { songs, urls, pages }: { songs: SongsService; urls: MediaUrls; pages: SongPageCache },
  audience: SongListAudience<Item>,
): void {
  const guard = audience.guard;
  const answers = new WeakMap<FastifyRequest, Answer>();
  // After the compression (an onSend of every route, added as routes are made): what it made of
  // a page is kept beside the page.
  const keepCompressed: onSendHookHandler = (request, reply, payload, done) => {
    const answer = answers.get(request);
    const encoding = reply.getHeader('content-encoding');
    if (answer && reply.statusCode === 200 && Buffer.isBuffer(payload) && encoding) {
      pages.keepEncoded(answer.key, answer.json, answer.acceptEncoding, {
        encoding: String(encoding),
        bytes: payload,
      });
    }
    done(null, payload);
  };
  // Declared as a GET (route: Route<'GET'>), registered as one.
  const url = declaredUrl(app, route);
  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addHook('onRoute', (route) => {
      const own = route.onSend ?? [];
      route.onSend = [...(Array.isArray(own) ? own : [own]), keepCompressed];
    });
    scope.get(
      url,
      {
        ...(guard ? { onRequest: [scope[guard]] } : {}),
        schema: {
          tags: audience.tags,
          ...(guard ? { security: [{ bearerAuth: [] }] } : {}),
          summary: audience.summary,
          querystring: songListQuerySchema,
          response: { 200: audience.page, ...errorResponses(400, ...audience.refusals) },
        },
      },
      async (request, reply) => {
        const now = Date.now();
        // Listeners with a streaming limit of their own are an audience of their own.
        const own = urlsFor(urls, request);
        const limit = request.caller?.streamingQualityLimit ?? 'original';
        const audienceName = limit === 'original' ? audience.name : `${audience.name}:${limit}`;
        const key = songPageKey(audienceName, urls.expiryOf(now), request.query);
        const acceptEncoding = encodable(request);
        const copy = acceptEncoding === null ? undefined : pages.encoded(key, acceptEncoding);
        if (copy) return sendCompressed(reply, copy);
        let json = pages.json(key);
        if (json === undefined) {
          const mark = pages.mark();
          const { genre, ...query } = request.query;
          const page = await songs.list(query, genre);
          const data = page.items.map((song) => audience.present(song, own, now));
          const body: unknown = reply.serialize({
            success: true as const,
            data,
            nextCursor: page.nextCursor,
          });
          json = typeof body === 'string' ? Buffer.from(body) : Buffer.from(body as Uint8Array);
          pages.keep(key, mark, json);
        }
        if (acceptEncoding !== null) answers.set(request, { key, json, acceptEncoding });
        return sendJson(reply, json);
      },
    );
  });
}
