import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeCover } from '../../../test/covers';
import { createUser, type CreatedUser } from '../../../test/factories';
import { mp3Bytes } from '../../../test/media-bytes';
import { filesUnder } from '../../../test/media-files';
import { startS3TestServer, type S3TestServer } from '../../../test/s3-test-server';
import { createSong, testMediaUrls, type CreatedSong } from '../../../test/songs';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DIRECT_LINK_MARGIN_SECONDS } from '../../storage/direct-links';
import { coverVariantKey } from '../images/cover-variants';

const WEBP_ACCEPT = 'image/avif,image/webp,image/*,*/*;q=0.8';
const SONG_SECONDS = 245;

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(() => s3.close());

interface Deployment {
  readonly t: TestApp;
  readonly created: CreatedSong;
  readonly listener: CreatedUser;
  readonly audioUrl: string;
}

/** A server whose media lives in a fresh bucket, with one song of 200 kB in it. */
async function deploy(delivery: 'redirect' | 'proxy'): Promise<Deployment> {
  const t = await createTestApp({ env: s3.env(await s3.createBucket(), delivery) });
  const created = await createSong(t, {
    title: 'Blue Monday',
    artist: 'New Order',
    audio: mp3Bytes(200_000),
    duration: SONG_SECONDS,
  });
  return {
    t,
    created,
    listener: await createUser(t),
    audioUrl: testMediaUrls.audio(created.row.audio_key),
  };
}

/** Nothing of the media is on the node's disk: the bucket holds it all. */
function expectNothingOnDisk(t: TestApp) {
  expect(filesUnder(path.join(t.dataDir, 'media'))).toEqual([]);
}

describe('MEDIA_DELIVERY=redirect', () => {
  let d: Deployment;
  beforeAll(async () => {
    d = await deploy('redirect');
  });
  afterAll(() => d.t.close());

  it('sends the player to a presigned URL of the bucket that serves the same bytes', async () => {
    const res = await d.t.app.inject({ url: d.audioUrl });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const location = new URL(String(res.headers.location));
    expect(location.origin).toBe(s3.endpoint);
    expect(location.searchParams.get('response-content-type')).toBe('audio/mpeg');
    expect(Number(location.searchParams.get('X-Amz-Expires'))).toBeGreaterThanOrEqual(
      SONG_SECONDS + DIRECT_LINK_MARGIN_SECONDS,
    );

    const whole = await fetch(location);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await whole.arrayBuffer()).equals(d.created.audio)).toBe(true);
    const range = await fetch(location, { headers: { range: 'bytes=1000-1999' } });
    expect(range.status).toBe(206);
    expect(
      Buffer.from(await range.arrayBuffer()).equals(d.created.audio.subarray(1000, 2000)),
    ).toBe(true);
    expectNothingOnDisk(d.t);
  });

  it('checks the audio link before redirecting, as when it serves the file itself', async () => {
    const forged = d.audioUrl.replace(/signature=[^&]+/, 'signature=forged');
    const res = await d.t.app.inject({ url: forged });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'invalid_media_link' });
    expect(res.headers.location).toBeUndefined();
  });

  it('redirects a download to a presigned URL that names the file', async () => {
    const url = `/api/user/songs/${d.created.song._id}/download`;
    expect((await d.t.app.inject({ url })).statusCode).toBe(401);
    const res = await d.t.app.inject({ url, headers: d.listener.headers });
    expect(res.statusCode).toBe(302);
    const file = await fetch(String(res.headers.location));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="BlueMonday_NewOrder_Cadenza\.mp3"/,
    );
    expect(file.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await file.arrayBuffer()).equals(d.created.audio)).toBe(true);
  });

  it('lets pages play audio from the bucket (Content-Security-Policy media-src)', async () => {
    const res = await d.t.app.inject({ url: '/api/ready' });
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain(`media-src 'self' blob: ${s3.endpoint}`);
    // The player reads a song's bytes from there too, to decode it before it plays (gapless).
    expect(policy).toContain(`connect-src 'self' ${s3.endpoint}`);
  });

  it('keeps resized covers in the bucket, never on the node', async () => {
    const picture = await sharp({
      create: { width: 800, height: 800, channels: 3, background: '#4f46e5' },
    })
      .jpeg()
      .toBuffer();
    const { key } = await storeCover(d.t, picture);
    const res = await d.t.app.inject({
      url: `/media/${key}?size=300`,
      headers: { accept: WEBP_ACCEPT },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(300);
    const variant = await d.t.container.objects.head(coverVariantKey(key, 300, 'webp'));
    expect(variant?.bytes).toBe(res.rawPayload.length);
    expectNothingOnDisk(d.t);
  });
});

describe('MEDIA_DELIVERY=proxy', () => {
  let d: Deployment;
  beforeAll(async () => {
    d = await deploy('proxy');
  });
  afterAll(() => d.t.close());

  it('streams the song from the bucket through the server, whole and in ranges', async () => {
    const whole = await d.t.app.inject({ url: d.audioUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(d.created.audio)).toBe(true);

    const range = await d.t.app.inject({ url: d.audioUrl, headers: { range: 'bytes=1000-1999' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 1000-1999/${d.created.audio.length}`);
    expect(range.rawPayload.equals(d.created.audio.subarray(1000, 2000))).toBe(true);

    const tail = await d.t.app.inject({ url: d.audioUrl, headers: { range: 'bytes=-100' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(d.created.audio.subarray(-100))).toBe(true);
    expectNothingOnDisk(d.t);
  });

  it('answers conditional requests from the bucket’s entity tag and time', async () => {
    const first = await d.t.app.inject({ url: d.audioUrl });
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    expect(etag).toMatch(/^"[^"]+"$/);

    const byTag = await d.t.app.inject({ url: d.audioUrl, headers: { 'if-none-match': etag } });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.rawPayload.length).toBe(0);
    const byTime = await d.t.app.inject({
      url: d.audioUrl,
      headers: { 'if-modified-since': lastModified },
    });
    expect(byTime.statusCode).toBe(304);

    const sameRange = await d.t.app.inject({
      url: d.audioUrl,
      headers: { range: 'bytes=0-99', 'if-range': etag },
    });
    expect(sameRange.statusCode).toBe(206);
    const staleRange = await d.t.app.inject({
      url: d.audioUrl,
      headers: { range: 'bytes=0-99', 'if-range': '"another"' },
    });
    expect(staleRange.statusCode).toBe(200);
    expect(staleRange.rawPayload.equals(d.created.audio)).toBe(true);
  });

  it('sends a download itself', async () => {
    const res = await d.t.app.inject({
      url: `/api/user/songs/${d.created.song._id}/download`,
      headers: d.listener.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="BlueMonday_NewOrder_Cadenza\.mp3"/,
    );
    expect(res.rawPayload.equals(d.created.audio)).toBe(true);
  });

  it('keeps audio to the app’s own origin in the Content-Security-Policy', async () => {
    const res = await d.t.app.inject({ url: '/api/ready' });
    expect(String(res.headers['content-security-policy'])).toContain("media-src 'self' blob:;");
  });
});
