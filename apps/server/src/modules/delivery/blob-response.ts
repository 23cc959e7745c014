import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFound } from '../../errors';
import { isObjectNotFound, type ObjectHead, type ObjectStore } from '../../storage/object-store';
import { parseRange } from './byte-range';

/** Where a media response reads from: the object store, or the bundled default images. */
export type BlobSource = Pick<ObjectStore, 'head' | 'get' | 'getBytes'>;

export interface BlobResponseOptions {
  readonly cacheControl: string;
  /** The Content-Type of the object, asked only when a body (or its headers) is sent. */
  contentType(key: string, head: ObjectHead): string | Promise<string>;
  /**
   * MEDIA_DELIVERY=accel: the path of the object in nginx's internal location. The answer then
   * carries it in `X-Accel-Redirect` and no body; nginx sends the file and answers ranges and
   * conditional requests itself, with its own validators.
   */
  readonly accelRedirect?: string | null;
  /**
   * With `accelRedirect`: `X-Accel-Expires`, how long nginx may reuse this answer (its auth
   * check is cached per signed URL). Sent only on that success, never on a refusal.
   */
  readonly accelExpires?: string;
}

/**
 * Bodies up to this size are read into memory with one read and sent at once; longer ones
 * (whole songs, open-ended ranges) are streamed, so memory stays bounded per request.
 */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** By head: the store hands out the same one for an object until it changes. */
const lastModifiedOf = new WeakMap<ObjectHead, string>();

function lastModified(head: ObjectHead): string {
  let found = lastModifiedOf.get(head);
  if (found === undefined) {
    found = head.modifiedAt.toUTCString();
    lastModifiedOf.set(head, found);
  }
  return found;
}

/** If-None-Match compares weakly (RFC 9110 §13.1.2): W/ prefixes do not matter. */
function noneMatch(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}

function notModifiedSince(header: string, modifiedAt: Date): boolean {
  const since = Date.parse(header);
  // HTTP dates have whole seconds.
  return !Number.isNaN(since) && Math.floor(modifiedAt.getTime() / 1000) * 1000 <= since;
}

/** If-Range: a range is honoured only while the representation is the one the client has. */
function rangeStillValid(header: string | undefined, etag: string, lastModified: string): boolean {
  if (header === undefined) return true;
  const value = header.trim();
  return value.startsWith('"') ? value === etag : value === lastModified;
}

/**
 * Answers a GET or HEAD for one blob with validators, conditional requests and single byte
 * ranges; a short body is read in one go, a long one streamed from the source.
 */
export async function sendBlob(
  request: FastifyRequest,
  reply: FastifyReply,
  source: BlobSource,
  key: string,
  options: BlobResponseOptions,
): Promise<FastifyReply> {
  const head = await source.head(key);
  if (!head) throw new NotFound('This media file does not exist.', 'media_not_found');
  if (options.accelRedirect) {
    reply
      .header('cache-control', options.cacheControl)
      .header('content-type', await options.contentType(key, head))
      .header('x-accel-redirect', options.accelRedirect);
    if (options.accelExpires) reply.header('x-accel-expires', options.accelExpires);
    return reply.send();
  }
  const { etag } = head;
  const modified = lastModified(head);
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', modified)
    .header('cache-control', options.cacheControl);

  const { headers } = request;
  const ifNoneMatch = headers['if-none-match'];
  const ifModifiedSince = headers['if-modified-since'];
  const fresh =
    ifNoneMatch !== undefined
      ? noneMatch(ifNoneMatch, etag)
      : ifModifiedSince !== undefined && notModifiedSince(ifModifiedSince, head.modifiedAt);
  if (fresh) return reply.status(304).send();

  const ifRange = headers['if-range'];
  const rangeHeader = rangeStillValid(
    typeof ifRange === 'string' ? ifRange : undefined,
    etag,
    modified,
  )
    ? headers.range
    : undefined;
  const answer = parseRange(rangeHeader, head.bytes);
  if (answer.kind === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${head.bytes}`).send({
      success: false,
      code: 'range_not_satisfiable',
      message: 'The requested range is not satisfiable.',
    });
  }

  reply.header('content-type', await options.contentType(key, head));
  const range = answer.kind === 'partial' ? answer.range : null;
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${head.bytes}`);
  }
  const length = range ? range.end - range.start + 1 : head.bytes;
  reply.header('content-length', length);
  if (request.method === 'HEAD' || length === 0) return reply.send();

  try {
    const body =
      length <= MAX_BUFFERED_BYTES
        ? await source.getBytes(key, range ?? { start: 0, end: head.bytes - 1 })
        : await source.get(key, range ?? undefined);
    return reply.send(body);
  } catch (error) {
    // Removed between the head and the read.
    if (isObjectNotFound(error))
      throw new NotFound('This media file does not exist.', 'media_not_found');
    throw error;
  }
}
