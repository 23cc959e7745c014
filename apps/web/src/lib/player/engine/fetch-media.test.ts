import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchMedia } from './fetch-media';

afterEach(() => vi.unstubAllGlobals());

describe("reading a song's bytes to decode them", () => {
  it('never takes them from the HTTP cache, which may hold the element’s answer without CORS', async () => {
    const requests: RequestInit[] = [];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit = {}) => {
      requests.push(init);
      return Promise.resolve(new Response(new Uint8Array([1, 2, 3])));
    });
    const bytes = await fetchMedia('/media/audio/a?expires=1&signature=s', 1024);
    expect(bytes.byteLength).toBe(3);
    expect(requests).toEqual([{ cache: 'no-store' }]);
  });

  it('refuses a file larger than it may decode, without reading it', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response('x'.repeat(10), { headers: { 'content-length': '10' } })),
    );
    await expect(fetchMedia('/media/audio/a', 5)).rejects.toThrow(
      'The audio file is too large to decode',
    );
  });
});
