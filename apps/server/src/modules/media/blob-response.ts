import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFound } from '../../errors';
import type { BlobStat, BlobStore } from '../../storage/blob-store';
import { parseRange } from './byte-range';
import { contentTypeOf } from './media-types';

/** Where a media response reads from: the blob store, or the bundled default images. */
export type BlobSource = Pick<BlobStore, 'stat' | 'open' | 'read'>;

export interface BlobResponseOptions {
  readonly cacheControl: string;
}

/**
 * Bodies up to this size are read into memory with one read and sent at once; longer ones
 * (whole songs, open-ended ranges) are streamed, so memory stays bounded per request.
 */
const MAX_BUFFERED_BYTES = 1024 * 1024;

interface Validators {
  readonly etag: string;
  readonly lastModified: string;
}

/** By stat object: the store hands out the same one for a blob until it changes. */
const validatorsOf = new WeakMap<BlobStat, Validators>();

function validators(stat: BlobStat): Validators {
  let found = validatorsOf.get(stat);
  if (!found) {
    found = {
      etag: `"${stat.bytes.toString(16)}-${stat.modifiedAt.getTime().toString(16)}"`,
      lastModified: stat.modifiedAt.toUTCString(),
    };
    validatorsOf.set(stat, found);
  }
  return found;
}

function isNotFound(error: unknown): boolean {
  return (error as { code?: unknown }).code === 'ENOENT';
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
  const stat = await source.stat(key);
  if (!stat) throw new NotFound('This media file does not exist.', 'media_not_found');
  const { etag, lastModified } = validators(stat);
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', lastModified)
    .header('cache-control', options.cacheControl);

  const { headers } = request;
  const ifNoneMatch = headers['if-none-match'];
  const ifModifiedSince = headers['if-modified-since'];
  const fresh =
    ifNoneMatch !== undefined
      ? noneMatch(ifNoneMatch, etag)
      : ifModifiedSince !== undefined && notModifiedSince(ifModifiedSince, stat.modifiedAt);
  if (fresh) return reply.status(304).send();

  const ifRange = headers['if-range'];
  const rangeHeader = rangeStillValid(
    typeof ifRange === 'string' ? ifRange : undefined,
    etag,
    lastModified,
  )
    ? headers.range
    : undefined;
  const answer = parseRange(rangeHeader, stat.bytes);
  if (answer.kind === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${stat.bytes}`).send({
      success: false,
      code: 'range_not_satisfiable',
      message: 'The requested range is not satisfiable.',
    });
  }

  reply.header('content-type', contentTypeOf(key));
  const range = answer.kind === 'partial' ? answer.range : null;
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${stat.bytes}`);
  }
  const length = range ? range.end - range.start + 1 : stat.bytes;
  reply.header('content-length', length);
  if (request.method === 'HEAD' || length === 0) return reply.send();

  try {
    const body =
      length <= MAX_BUFFERED_BYTES
        ? await source.read(key, range ?? { start: 0, end: stat.bytes - 1 })
        : await source.open(key, range ?? undefined);
    return reply.send(body);
  } catch (error) {
    // Removed between the stat and the read.
    if (isNotFound(error)) throw new NotFound('This media file does not exist.', 'media_not_found');
    throw error;
  }
}
