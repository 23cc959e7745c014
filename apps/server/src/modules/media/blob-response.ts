import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFound } from '../../errors';
import type { BlobStat, BlobStore } from '../../storage/blob-store';
import { parseRange } from './byte-range';
import { contentTypeOf } from './media-types';

/** Where a media response reads from: the blob store, or the bundled default images. */
export type BlobSource = Pick<BlobStore, 'stat' | 'open'>;

export interface BlobResponseOptions {
  readonly cacheControl: string;
}

function entityTag(stat: BlobStat): string {
  return `"${stat.bytes.toString(16)}-${stat.modifiedAt.getTime().toString(16)}"`;
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
 * ranges; the body is streamed from the source, never read into memory.
 */
export async function sendBlob(
  request: FastifyRequest,
  reply: FastifyReply,
  source: BlobSource,
  key: string,
  options: BlobResponseOptions,
): Promise<FastifyReply> {
  const stat = await source.stat(key);
  if (!stat) throw new NotFound('This media file does not exist.');
  const etag = entityTag(stat);
  const lastModified = stat.modifiedAt.toUTCString();
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
    return reply
      .status(416)
      .header('content-range', `bytes */${stat.bytes}`)
      .send({ success: false, message: 'The requested range is not satisfiable.' });
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
    return reply.send(await source.open(key, range ?? undefined));
  } catch (error) {
    // Removed between the stat and the open.
    if ((error as { code?: unknown }).code === 'ENOENT') {
      throw new NotFound('This media file does not exist.');
    }
    throw error;
  }
}
