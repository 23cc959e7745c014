import { describe, expect, it, vi } from 'vitest';
import { recordImageDownloads } from '@/test/image-downloads';
import { preloadCovers } from './preload-covers';

/** A window `width` px wide, as far as `matchMedia`'s min-width queries go. */
function windowWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    return { matches: min ? width >= Number(min[1]) : false } as MediaQueryList;
  });
}

describe('preloadCovers', () => {
  it('preloads the covers of the two rows in view on a phone, at the size the cards ask for', () => {
    windowWidth(390);
    const downloads = recordImageDownloads();
    const covers = [
      '/media/images/a',
      null,
      '/media/images/c',
      '/media/images/d',
      '/media/images/e',
    ];
    preloadCovers({ covers, size: 300, fallback: 'song' });
    expect(downloads).toEqual([
      { src: '/media/images/a?size=300', priority: 'high' },
      { src: '/media/defaults/song.jpg', priority: 'auto' },
      { src: '/media/images/c?size=300', priority: 'auto' },
      { src: '/media/images/d?size=300', priority: 'auto' },
    ]);
    // Nothing in the page's head: a page left at once leaves no unused preload behind.
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
  });

  it('preloads two rows of six on a wide screen, and a cover only once', () => {
    windowWidth(1600);
    const downloads = recordImageDownloads();
    const covers = Array.from({ length: 14 }, (_, index) => `/media/images/w${index}`);
    preloadCovers({ covers, size: 300, fallback: 'song' });
    preloadCovers({ covers, size: 300, fallback: 'song' });
    expect(downloads.map((download) => download.src)).toEqual(
      covers.slice(0, 12).map((cover) => `${cover}?size=300`),
    );
  });
});
