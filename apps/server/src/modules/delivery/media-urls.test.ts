import type * as nodeCrypto from 'node:crypto';
import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as mediaUrls from './media-urls';

vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof nodeCrypto>();
  return { ...crypto, createHmac: vi.fn(crypto.createHmac) };
});

let MediaUrls: typeof mediaUrls.MediaUrls;
let AUDIO_URL_LIFETIME_MS: number;
beforeAll(async () => {
  // Files share their worker's modules: this one loads media-urls afresh, over the counted HMAC.
  vi.resetModules();
  ({ MediaUrls, AUDIO_URL_LIFETIME_MS } = await import('./media-urls'));
});

const NOW = Date.UTC(2026, 0, 1, 12, 0, 30);
const KEYS = Array.from({ length: 50 }, (_, index) => `audio/song-${index}.mp3`);

function signaturesOf(urls: mediaUrls.MediaUrls, now: number): string[] {
  return KEYS.map((key) => urls.audio(key, now));
}

describe('MediaUrls.audio', () => {
  it('signs each audio key once per expiry step, and every URL it gives verifies', () => {
    const urls = new MediaUrls('a secret of the server');
    const signing = vi.mocked(createHmac);
    signing.mockClear();

    const first = signaturesOf(urls, NOW);
    expect(signing).toHaveBeenCalledTimes(KEYS.length);
    // A minute later is the same step: the same URLs, and no signature computed again.
    expect(signaturesOf(urls, NOW + 60_000)).toEqual(first);
    expect(signing).toHaveBeenCalledTimes(KEYS.length);

    const nextStep = NOW + 10 * 60_000;
    const later = signaturesOf(urls, nextStep);
    expect(signing).toHaveBeenCalledTimes(2 * KEYS.length);
    for (const [index, url] of [...first, ...later].entries()) {
      const { pathname, searchParams } = new URL(url, 'http://localhost');
      expect(pathname).toBe(`/media/${KEYS[index % KEYS.length]}`);
      const verified = urls.verifyAudio(
        pathname.slice('/media/'.length),
        searchParams.get('expires')!,
        searchParams.get('signature')!,
        nextStep,
      );
      expect(verified).toBe(true);
    }
    expect(later[0]).not.toEqual(first[0]);
  });

  it('never gives a URL of another step', () => {
    const urls = new MediaUrls('a secret of the server');
    const late = urls.audio(KEYS[0]!, NOW + 20 * 60_000);
    const early = urls.audio(KEYS[0]!, NOW);
    const expiresOf = (url: string) =>
      Number(new URL(url, 'http://localhost').searchParams.get('expires'));
    expect(expiresOf(early)).toBe(urls.expiryOf(NOW));
    expect(expiresOf(late)).toBe(urls.expiryOf(NOW + 20 * 60_000));
    expect(expiresOf(early) * 1000).toBeGreaterThanOrEqual(NOW + AUDIO_URL_LIFETIME_MS);
  });
});
