import { describe, expect, it } from 'vitest';
import { handlingOf, isAppPage, type RequestFacts } from './app-requests';

const ORIGIN = 'https://music.example.org';
const BUILD_FILES = new Set(['/index.html', '/manifest.webmanifest', '/icons/icon-192.png']);

function request(pathname: string, overrides: Partial<RequestFacts> = {}): RequestFacts {
  return { method: 'GET', mode: 'cors', url: new URL(pathname, ORIGIN), ...overrides };
}

describe("the service worker's share of the requests", () => {
  it.each(['/', '/discover', '/album/42', '/library/liked', '/reset-password/abc-def', '/home/'])(
    'stands in for the app page %s when offline',
    (pathname) => {
      expect(isAppPage(pathname)).toBe(true);
      expect(handlingOf(request(pathname, { mode: 'navigate' }), ORIGIN, BUILD_FILES)).toBe('page');
    },
  );

  it.each([
    '/api',
    '/api/songs/1/download',
    '/media/songs/1.mp3',
    '/rest',
    '/rest/stream.view',
    '/robots.txt',
    '/assets/app-1234.js',
    '/sitemap.xml',
  ])('lets the network answer a navigation to %s, never the shell', (pathname) => {
    expect(isAppPage(pathname)).toBe(false);
    expect(handlingOf(request(pathname, { mode: 'navigate' }), ORIGIN, BUILD_FILES)).toBe(
      'network-navigation',
    );
  });

  it("answers any build's hashed files and this build's other files from its copies", () => {
    for (const pathname of ['/assets/old-build-chunk-abcd.js', '/manifest.webmanifest']) {
      expect(handlingOf(request(pathname), ORIGIN, BUILD_FILES)).toBe('build-file');
    }
  });

  it('leaves the API, media, other origins and every other method to the browser', () => {
    const passed: RequestFacts[] = [
      request('/api/auth/me'),
      request('/media/songs/1.mp3', { mode: 'no-cors' }),
      request('/rest/getCoverArt.view'),
      request('/favicon-that-is-not-built.png'),
      request('/assets/app-1234.js', { method: 'HEAD' }),
      request('/api/user/likes', { method: 'POST' }),
      { method: 'GET', mode: 'navigate', url: new URL('https://elsewhere.example/discover') },
    ];
    for (const facts of passed) expect(handlingOf(facts, ORIGIN, BUILD_FILES)).toBe('pass');
  });
});
