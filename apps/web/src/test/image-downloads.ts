import { vi } from 'vitest';

export interface ImageDownload {
  src: string;
  priority: string;
}

/**
 * Replaces the global `Image` with one that records each detached image the page starts to
 * download (its URL and fetch priority) instead of asking jsdom, which loads no pictures.
 * Undone after each test (`unstubGlobals` in vite.config.ts).
 */
export function recordImageDownloads(): ImageDownload[] {
  const downloads: ImageDownload[] = [];
  class RecordedImage extends EventTarget {
    fetchPriority = 'auto';
    set src(url: string) {
      downloads.push({ src: url, priority: this.fetchPriority });
    }
  }
  vi.stubGlobal('Image', RecordedImage);
  return downloads;
}
