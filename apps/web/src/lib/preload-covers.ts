import { coverUrl, type CoverSize, type DefaultImage } from '@/components/cover-source';
import { cardsInViewNow } from '@/components/card-grid-layout';

export interface CoverList {
  /** The covers of a page's first grid, in order: the first `cardsInViewNow()` are preloaded. */
  covers: readonly (string | null | undefined)[];
  size: CoverSize;
  fallback: DefaultImage;
}

const requested = new Set<string>();
/** Detached images still downloading: held so that nothing collects them before they finish. */
const inFlight = new Set<HTMLImageElement>();

/**
 * Starts downloading the covers of a page's first grid that are in view when it opens, with the
 * URLs its `CoverImage`s will ask for (the same size and fallback), the first at high priority as
 * the grid's first card asks it: they load while the page's code still arrives, instead of after
 * its first render, and each `<img>` finds its cover in the browser's image cache.
 *
 * Detached `Image`s rather than `<link rel="preload">`: a listener who leaves the page at once
 * (another tab of the dashboard) never shows those covers, and the browser reports every preload
 * left unused after a few seconds as a mistake; a plain image download is only a cached picture.
 */
export function preloadCovers({ covers, size, fallback }: CoverList): void {
  covers.slice(0, cardsInViewNow()).forEach((src, index) => {
    const href = coverUrl(src, size, fallback);
    if (requested.has(href)) return;
    requested.add(href);
    const image = new Image();
    if (index === 0) image.fetchPriority = 'high';
    const settle = () => inFlight.delete(image);
    image.addEventListener('load', settle, { once: true });
    image.addEventListener('error', settle, { once: true });
    inFlight.add(image);
    image.src = href;
  });
}
