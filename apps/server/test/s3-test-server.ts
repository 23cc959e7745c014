import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';

/** s3rver takes any key pair and checks no SigV4 signature (see README: S3 storage). */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;
export const S3_TEST_REGION = 'us-east-1';

export interface S3TestServer {
  /** http://127.0.0.1:<port> */
  readonly endpoint: string;
  /** Where the objects are kept on disk: `<directory>/<bucket>/<key>._S3rver_object`. */
  readonly directory: string;
  /** Makes an empty bucket, named freshly for each call unless a name is given. */
  createBucket(name?: string): Promise<string>;
  /**
   * Lets pages of these origins read `bucket`'s objects with `fetch` (its CORS configuration,
   * as an operator sets it on a real bucket).
   */
  allowOrigins(bucket: string, origins: readonly string[]): Promise<void>;
  /** The environment that points the server at `bucket` of this S3 server. */
  env(bucket: string, delivery?: 'redirect' | 'proxy'): Record<string, string>;
  /** The file holding an object's bytes, for tests that damage one behind the store's back. */
  objectFile(bucket: string, key: string): string;
  /** The object reads (GET) received so far, as the bucket saw them. */
  readonly reads: readonly ObjectRead[];
  /** Requests of a multipart upload's parts received so far, finished or not. */
  readonly partsReceived: number;
  /**
   * Stops answering at once, as a crashed server does: connections in flight are cut and new
   * ones refused. Its files stay for the test to look at until `close`.
   */
  kill(): Promise<void>;
  close(): Promise<void>;
}

/** A GET the bucket received: whose page asked (a CORS request names its origin), and which bytes. */
export interface ObjectRead {
  /** The path: `/<bucket>/<key>`. */
  readonly path: string;
  readonly origin: string | undefined;
  readonly range: string | undefined;
}

const UPLOADS_FOLDER = '._S3rver_uploads';
let buckets = 0;

function xml(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * s3rver reads `bytes=0-0` as the whole object (it takes the end 0 for none): the first byte
 * is answered here from its files, as S3 does.
 */
function answerFirstByte(
  directory: string,
  request: http.IncomingMessage,
  response: http.ServerResponse,
): boolean {
  if (request.method !== 'GET' || request.headers.range?.trim() !== 'bytes=0-0') return false;
  const url = new URL(request.url ?? '/', 'http://s3');
  const parts = url.pathname.slice(1).split('/').map(decodeURIComponent);
  const file = path.join(directory, ...parts);
  const object = `${file}._S3rver_object`;
  if (parts.length < 2 || !fs.existsSync(object)) return false;
  const stats = fs.statSync(object);
  if (stats.size === 0) return false;
  const metadata = JSON.parse(fs.readFileSync(`${file}._S3rver_metadata.json`, 'utf8')) as Record<
    string,
    string
  >;
  const first = Buffer.alloc(1);
  const descriptor = fs.openSync(object, 'r');
  fs.readSync(descriptor, first, 0, 1, 0);
  fs.closeSync(descriptor);
  response.writeHead(206, {
    'content-type': metadata['content-type'] ?? 'binary/octet-stream',
    'content-range': `bytes 0-0/${stats.size}`,
    'content-length': '1',
    'accept-ranges': 'bytes',
    etag: `"${fs.readFileSync(`${object}.md5`, 'utf8')}"`,
    'last-modified': stats.mtime.toUTCString(),
  });
  response.end(first);
  return true;
}

/**
 * The two multipart calls s3rver 3 lacks, on its own upload folders: listing the unfinished
 * uploads of a bucket (`GET /<bucket>?uploads`) and aborting one (`DELETE /<bucket>/<key>?uploadId`).
 * Answers false for every other request, which s3rver then answers itself.
 */
function answerMultipartCalls(
  directory: string,
  request: http.IncomingMessage,
  response: http.ServerResponse,
): boolean {
  const url = new URL(request.url ?? '/', 'http://s3');
  const [bucket = '', ...keyParts] = url.pathname.slice(1).split('/').filter(Boolean);
  const uploads = path.join(directory, decodeURIComponent(bucket), UPLOADS_FOLDER);
  if (request.method === 'GET' && keyParts.length === 0 && url.searchParams.has('uploads')) {
    const entries = fs.existsSync(uploads) ? fs.readdirSync(uploads) : [];
    const listed = entries.map((uploadId) => {
      const folder = path.join(uploads, uploadId);
      const key = fs.readFileSync(path.join(folder, 'key'), 'utf8');
      const initiated = fs.statSync(folder).birthtime.toISOString();
      return `<Upload><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId><Initiated>${initiated}</Initiated></Upload>`;
    });
    response.writeHead(200, { 'content-type': 'application/xml' });
    response.end(
      xml(
        `<ListMultipartUploadsResult><Bucket>${escapeXml(bucket)}</Bucket><IsTruncated>false</IsTruncated>${listed.join('')}</ListMultipartUploadsResult>`,
      ),
    );
    return true;
  }
  const uploadId = url.searchParams.get('uploadId');
  if (request.method === 'DELETE' && keyParts.length > 0 && uploadId !== null) {
    const folder = path.join(uploads, path.basename(uploadId));
    if (!fs.existsSync(folder)) {
      response.writeHead(404, { 'content-type': 'application/xml' });
      response.end(
        xml('<Error><Code>NoSuchUpload</Code><Message>No such upload.</Message></Error>'),
      );
      return true;
    }
    fs.rmSync(folder, { recursive: true, force: true });
    response.writeHead(204);
    response.end();
    return true;
  }
  return false;
}

/** The parts of s3rver's file store that its put uses. */
interface S3rverObject {
  readonly bucket: string;
  readonly key: string;
  readonly content: Readable | Buffer;
  readonly metadata: unknown;
}
interface S3rverStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
  putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
}

/**
 * s3rver answers a put once the bytes passed its hash, before its file has them, and writes
 * the object's file in place: a read right after a put could see part of it, and two puts of
 * one key could mix. S3 answers after the object is whole, and readers see the old or the
 * new. Its put is replaced by one that writes a temporary file and renames it into place, with
 * its metadata, before answering.
 */
function putObjectsWhole(store: S3rverStore): void {
  // A key's file and its metadata (the entity tag) are replaced together, one put at a time:
  // two puts of one key renaming and then writing metadata in turn could leave one's bytes with
  // the other's tag.
  const settling = new Map<string, Promise<unknown>>();
  const oneAtATime = async <T>(file: string, step: () => Promise<T>): Promise<T> => {
    const before = settling.get(file) ?? Promise.resolve();
    const done = before.then(step, step);
    settling.set(file, done);
    try {
      return await done;
    } finally {
      if (settling.get(file) === done) settling.delete(file);
    }
  };
  store.putObject = async (object) => {
    const file = store.getResourcePath(object.bucket, object.key, 'object');
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomUUID()}.part`;
    const md5 = createHash('md5');
    let size = 0;
    const content = Buffer.isBuffer(object.content)
      ? Readable.from([object.content])
      : object.content;
    try {
      await pipeline(
        content,
        new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            md5.update(chunk);
            size += chunk.length;
            callback(null, chunk);
          },
        }),
        fs.createWriteStream(temporary),
      );
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
    const digest = md5.digest('hex');
    await oneAtATime(file, async () => {
      await fs.promises.rename(temporary, file);
      await store.putMetadata(object.bucket, object.key, object.metadata, digest);
    });
    return { size, md5: digest };
  };
}

/**
 * An S3-compatible server in this process (s3rver, objects in a temporary folder), for the S3
 * object store's tests and journeys: it needs no network, no binary and no account.
 */
export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-s3-'));
  const s3rver = new S3rver({ directory, silent: true });
  putObjectsWhole((s3rver as unknown as { store: S3rverStore }).store);
  const handle = s3rver.callback();
  let partsReceived = 0;
  const reads: ObjectRead[] = [];
  let killed = false;
  const server = http.createServer((request, response) => {
    if (request.method === 'PUT' && /[?&]partNumber=/.test(request.url ?? '')) partsReceived += 1;
    if (request.method === 'GET') {
      reads.push({
        path: decodeURIComponent(new URL(request.url ?? '/', 'http://s3').pathname),
        origin: request.headers.origin,
        range: request.headers.range,
      });
    }
    if (answerMultipartCalls(directory, request, response)) return;
    if (answerFirstByte(directory, request, response)) return;
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const kill = async () => {
    killed = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  };
  return {
    endpoint,
    directory,
    async createBucket(name) {
      buckets += 1;
      const bucket = name ?? `media-${process.pid}-${buckets}`;
      const response = await fetch(`${endpoint}/${bucket}`, { method: 'PUT' });
      if (!response.ok) throw new Error(`could not create bucket ${bucket}: ${response.status}`);
      return bucket;
    },
    async allowOrigins(bucket, origins) {
      const allowed = origins.map(
        (origin) => `<AllowedOrigin>${escapeXml(origin)}</AllowedOrigin>`,
      );
      const rule = `<CORSRule>${allowed.join('')}<AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader></CORSRule>`;
      const response = await fetch(`${endpoint}/${bucket}?cors`, {
        method: 'PUT',
        body: xml(`<CORSConfiguration>${rule}</CORSConfiguration>`),
      });
      if (!response.ok) throw new Error(`could not set CORS of ${bucket}: ${response.status}`);
    },
    env(bucket, delivery = 'redirect') {
      return {
        STORAGE: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: bucket,
        S3_REGION: S3_TEST_REGION,
        S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
        MEDIA_DELIVERY: delivery,
      };
    },
    objectFile(bucket, key) {
      return path.join(directory, bucket, `${key}._S3rver_object`);
    },
    reads,
    get partsReceived() {
      return partsReceived;
    },
    kill,
    async close() {
      if (!killed) await kill();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
