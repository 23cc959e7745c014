import { songApi } from '@cadenza/contract/routes/songs';
import type { Song } from '@cadenza/contract/songs';
import { useMutation } from '@tanstack/react-query';
import { callFile } from '@/lib/route-call';
import { saveBlob } from '@/lib/save-blob';

/** docs/product.md §5 with docs/product.md §10.11: title_artist_Cadenza.mp3, letters and digits kept. */
export function fallbackDownloadName(song: Pick<Song, 'title' | 'artist'>): string {
  const clean = (text: string) => text.replace(/[^\p{L}\p{N}_]/gu, '') || 'unknown';
  return `${clean(song.title ?? '')}_${clean(song.artist ?? '')}_Cadenza.mp3`;
}

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}

/**
 * GET /api/user/songs/:id/download with the bearer header (the answer is a file, not JSON), then
 * saved through an <a download>. Resolves to the saved file's name.
 */
export async function downloadSong(song: Song): Promise<string> {
  // A refused download is reported by the song card's toast (docs/product.md §8), not by leaving the page.
  const { blob, headers } = await callFile(songApi.download, {
    params: { id: song._id },
    redirectOnUnauthorized: false,
  });
  const fileName =
    fileNameFromDisposition(headers.get('Content-Disposition')) ?? fallbackDownloadName(song);
  saveBlob(blob, fileName);
  return fileName;
}

export function useDownloadSong() {
  return useMutation({ mutationFn: downloadSong });
}
