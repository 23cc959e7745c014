import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from '../../test/s3-test-server';
import { loadConfig } from '../config';
import { DIRECT_LINK_MARGIN_SECONDS, DirectLinks } from './direct-links';
import { libraryKeyOf } from './library-object-store';
import { createS3Client, S3ObjectStore } from './s3-object-store';

let s3: S3TestServer;
let bucketStore: S3ObjectStore;
beforeAll(async () => {
  s3 = await startS3TestServer();
  const bucket = await s3.createBucket();
  const settings = loadConfig(s3.env(bucket)).s3;
  if (!settings) throw new Error('the test environment names no bucket');
  bucketStore = new S3ObjectStore(createS3Client(settings), bucket);
});
afterAll(() => s3.close());

const song = { lengthSeconds: 200.4, contentType: 'audio/flac' };

describe('DirectLinks', () => {
  it('signs a URL of the bucket for the length of the song plus the margin', async () => {
    const links = new DirectLinks(bucketStore);
    expect(links.covers('audio/abc')).toBe(true);
    const url = new URL((await links.of('audio/abc', song)) ?? '');
    expect(url.origin).toBe(s3.endpoint);
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(201 + DIRECT_LINK_MARGIN_SECONDS));
    expect(url.searchParams.get('response-content-type')).toBe('audio/flac');
    expect(url.searchParams.has('response-content-disposition')).toBe(false);
  });

  it('leaves the files of scanned folders to the node that has them', async () => {
    const links = new DirectLinks(bucketStore);
    const key = libraryKeyOf('0193a1b2-0000-7000-8000-000000000001');
    expect(links.covers(key)).toBe(false);
    expect(await links.of(key, song)).toBeNull();
  });

  it('has no URL at all without a signer (local storage, or MEDIA_DELIVERY=proxy)', async () => {
    const links = new DirectLinks(null);
    expect(links.covers('audio/abc')).toBe(false);
    expect(await links.of('audio/abc', song)).toBeNull();
  });
});
