import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadCovers } from './preload-covers';

/** A window `width` px wide, as far as `matchMedia`'s min-width queries go. */
function windowWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    return { matches: min ? width >= Number(min[1]) : false } as MediaQueryList;
  });
}

function preloadLinks() {
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map(
    (link) => ({
      href: link.getAttribute('href'),
      as: link.getAttribute('as'),
      priority: link.getAttribute('fetchpriority'),
    }),
  );
}

describe('preloadCovers', () => {
  afterEach(() => {
    document.head.replaceChildren();
  });

  it('preloads the covers of the two rows in view on a phone, at the size the cards ask for', () => {
    windowWidth(390);
    const covers = [
      '/media/images/a',
      null,
      '/media/images/c',
      '/media/images/d',
      '/media/images/e',
    ];
    preloadCovers({ covers, size: 300, fallback: 'song' });
    expect(preloadLinks()).toEqual([
      { href: '/media/images/a?size=300', as: 'image', priority: 'high' },
      { href: '/media/defaults/song.jpg', as: 'image', priority: null },
      { href: '/media/images/c?size=300', as: 'image', priority: null },
      { href: '/media/images/d?size=300', as: 'image', priority: null },
    ]);
  });

  it('preloads two rows of six on a wide screen, and a cover only once', () => {
    windowWidth(1600);
    const covers = Array.from({ length: 14 }, (_, index) => `/media/images/w${index}`);
    preloadCovers({ covers, size: 300, fallback: 'song' });
    preloadCovers({ covers, size: 300, fallback: 'song' });
    expect(preloadLinks().map((link) => link.href)).toEqual(
      covers.slice(0, 12).map((cover) => `${cover}?size=300`),
    );
  });
});
