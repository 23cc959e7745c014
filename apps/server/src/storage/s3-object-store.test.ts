import { CreateMultipartUploadCommand, type S3Client } from '@aws-sdk/client-s3';
import { SignatureV4 } from '@smithy/signature-v4';
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import {
  S3_TEST_CREDENTIALS,
  S3_TEST_REGION,
  startS3TestServer,
  type S3TestServer,
} from '../../test/s3-test-server';
import { describeObjectStoreContract } from './object-store.contract';
import { ObjectTooLargeError } from './object-store';
import {
  bucketOrigin,
  createS3Client,
  MAX_SIGNED_URL_SECONDS,
  S3ObjectStore,
} from './s3-object-store';

let server: S3TestServer;
beforeAll(async () => {
  server = await startS3TestServer();
});
afterAll(() => server.close());

/** A store on a fresh bucket of the in-process server, configured as a deployment would be. */
async function freshS3Store(): Promise<S3ObjectStore> {
  const bucket = await server.createBucket();
  const settings = loadConfig(server.env(bucket)).s3;
  if (!settings) throw new Error('the test environment names no bucket');
  return new S3ObjectStore(createS3Client(settings), bucket);
}

describeObjectStoreContract(
  'S3ObjectStore',
  async () => ({ store: await freshS3Store(), cleanup: async () => {} }),
  { signedUrls: true },
);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const options = { contentType: 'audio/mpeg' };
/** Far enough ahead that every unfinished upload counts as stale. */
const later = () => new Date(Date.now() + 24 * 60 * 60 * 1000);

type SourceData = string | ArrayBuffer | ArrayBufferView;

/** SHA-256 and HMAC-SHA-256 from node:crypto, in the shape the SigV4 signer takes. */
class NodeSha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: SourceData) {
    this.hash = secret
      ? createHmac('sha256', Buffer.from(secret as Uint8Array))
      : createHash('sha256');
  }
  update(data: SourceData): void {
    this.hash.update(typeof data === 'string' ? data : Buffer.from(data as Uint8Array));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset(): void {}
}

/**
 * What S3 checks of a presigned GET, done with the SDK's own signer (s3rver checks no SigV4
 * signature): the signature recomputed from the URL's method, path, query and host with the
 * secret key must be the one given, and the URL must not have expired.
 */
async function presignedUrlIsValid(url: string, now = new Date()): Promise<boolean> {
  const parsed = new URL(url);
  const query = Object.fromEntries(parsed.searchParams);
  const { 'X-Amz-Signature': given, 'X-Amz-Date': date, 'X-Amz-Expires': expires } = query;
  if (!given || !date || !expires) return false;
  const signedAt = new Date(
    date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
  );
  if (now.getTime() > signedAt.getTime() + Number(expires) * 1000) return false;
  // The presigner signs the payload hash as a header, which it then moves into the query.
  const { 'X-Amz-Signature': _signature, 'X-Amz-Content-Sha256': payload, ...signed } = query;
  const signer = new SignatureV4({
    service: 's3',
    region: S3_TEST_REGION,
    credentials: S3_TEST_CREDENTIALS,
    sha256: NodeSha256,
    uriEscapePath: false,
  });
  const recomputed = await signer.presign(
    {
      method: 'GET',
      protocol: parsed.protocol,
      hostname: parsed.hostname,
      port: Number(parsed.port),
      path: parsed.pathname,
      query: signed,
      headers: { host: parsed.host, ...(payload ? { 'X-Amz-Content-Sha256': payload } : {}) },
    },
    { signingDate: signedAt, expiresIn: Number(expires) },
  );
  return recomputed.query?.['X-Amz-Signature'] === given;
}

describe('S3ObjectStore', () => {
  let store: S3ObjectStore;
  beforeEach(async () => {
    store = await freshS3Store();
  });

  it('keeps the content type, for /media and for presigned URLs', async () => {
    await store.put('audio/typed', Readable.from([Buffer.from('x')]), options);
    expect((await store.head('audio/typed'))?.contentType).toBe('audio/mpeg');
  });

  it('streams a long object through a multipart upload, answering the tag head answers', async () => {
    const content = Buffer.alloc(9 * 1024 * 1024 + 17, 3);
    const parts = [content.subarray(0, 1_000_000), content.subarray(1_000_000)];
    const put = await store.put('audio/long', Readable.from(parts), options);
    expect(put).toMatchObject({ bytes: content.length, sha256: sha256(content) });
    expect(await store.head('audio/long')).toMatchObject({ bytes: content.length, etag: put.etag });
    expect((await store.getBytes('audio/long', { start: 9_000_000, end: 9_000_009 })).length).toBe(
      10,
    );
  });

  it('aborts the multipart upload of a stream that grows past maxBytes, leaving no part', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 5);
    const endless = Readable.from(Array.from({ length: 20 }, () => chunk));
    await expect(
      store.put('audio/huge', endless, { ...options, maxBytes: 10 * 1024 * 1024 }),
    ).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await store.head('audio/huge')).toBeNull();
    expect(await store.removeStaleTemporaries(later())).toEqual([]);
  });

  it('aborts multipart uploads left by a crash once they are older than the cut-off', async () => {
    const client = (store as unknown as { client: S3Client }).client;
    const bucket = (store as unknown as { bucket: string }).bucket;
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'audio/crashed' }),
    );
    expect(await store.removeStaleTemporaries(new Date(Date.now() - 60_000))).toEqual([]);
    expect(await store.removeStaleTemporaries(later())).toEqual([
      `audio/crashed?uploadId=${UploadId}`,
    ]);
    expect(await store.removeStaleTemporaries(later())).toEqual([]);
  });

  it('signs URLs that S3 would take, and no longer once anything in them is changed', async () => {
    await store.put('audio/signed', Readable.from([Buffer.from('bytes')]), options);
    const url = await store.signedGetUrl('audio/signed', 3600, { contentType: 'audio/ogg' });
    expect(new URL(url).searchParams.get('response-content-type')).toBe('audio/ogg');
    expect(await presignedUrlIsValid(url)).toBe(true);

    const tampered = (change: (url: URL) => void) => {
      const copy = new URL(url);
      change(copy);
      return copy.toString();
    };
    const otherKey = tampered((copy) => {
      copy.pathname = copy.pathname.replace('audio/signed', 'audio/other');
    });
    const longer = tampered((copy) => copy.searchParams.set('X-Amz-Expires', '604800'));
    const forged = tampered((copy) =>
      copy.searchParams.set(
        'X-Amz-Signature',
        (copy.searchParams.get('X-Amz-Signature') ?? '').replace(/^./, (c) =>
          c === 'a' ? 'b' : 'a',
        ),
      ),
    );
    const otherType = tampered((copy) =>
      copy.searchParams.set('response-content-type', 'text/html'),
    );
    for (const changed of [otherKey, longer, forged, otherType]) {
      expect(await presignedUrlIsValid(changed)).toBe(false);
    }
    const twoHoursLater = new Date(Date.now() + 2 * 60 * 60 * 1000);
    expect(await presignedUrlIsValid(url, twoHoursLater)).toBe(false);
  });

  it('caps a presigned URL at the seven days SigV4 allows', async () => {
    const url = await store.signedGetUrl('audio/signed', 30 * 24 * 60 * 60);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe(String(MAX_SIGNED_URL_SECONDS));
  });
});

describe('bucketOrigin', () => {
  const settings = {
    endpoint: undefined,
    bucket: 'music',
    region: 'eu-west-1',
    accessKeyId: 'a',
    secretAccessKey: 'b',
    forcePathStyle: false,
  };
  it.each([
    [{}, 'https://music.s3.eu-west-1.amazonaws.com'],
    [{ endpoint: 'http://minio:9000', forcePathStyle: true }, 'http://minio:9000'],
    [
      { endpoint: 'https://acct.r2.cloudflarestorage.com/' },
      'https://music.acct.r2.cloudflarestorage.com',
    ],
  ])('%j → %s', (change, origin) => {
    expect(bucketOrigin({ ...settings, ...change })).toBe(origin);
  });
});
