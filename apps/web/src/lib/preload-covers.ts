import { coverUrl, type CoverSize, type DefaultImage } from '@/components/cover-source';
import { cardsInViewNow } from '@/components/card-grid-layout';

export interface CoverList {
  /** The covers of a page's first grid, in order: the first `cardsInViewNow()` are preloaded. */
  covers: readonly (string | null | undefined)[];
  size: CoverSize;
  fallback: DefaultImage;
}

const preloaded = new Set<string>();

/**
 * Starts downloading the covers of a page's first grid that are in view when it opens, with the
 * URLs its `CoverImage`s will ask for (the same size and fallback), the first at high priority as
 * the grid's first card asks it: they load while the page's code still arrives, instead of after
 * its first render. The browser hands each `<img>` its preloaded copy.
 */
export function preloadCovers({ covers, size, fallback }: CoverList): void {
  covers.slice(0, cardsInViewNow()).forEach((src, index) => {
    const href = coverUrl(src, size, fallback);
    if (preloaded.has(href)) return;
    preloaded.add(href);
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'image');
    link.href = href;
    if (index === 0) link.setAttribute('fetchpriority', 'high');
    document.head.append(link);
  });
}
