import { AUDIO_FILE_EXTENSIONS, extensionOfFileName } from '@cadenza/contract/library';

/** The pictures beside audio files taken as their folder's cover, best first. */
const COVER_NAMES = ['cover', 'folder', 'front'];
const COVER_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'webp']);

/** True for a file a scan takes: not hidden, with an audio ending (AUDIO_FILE_EXTENSIONS). */
export function isAudioFileName(name: string): boolean {
  return !name.startsWith('.') && AUDIO_FILE_EXTENSIONS.has(extensionOfFileName(name));
}

/** The cover picture among a directory's file names (`cover.jpg`, `folder.png`, …), or null. */
export function coverFileOf(names: readonly string[]): string | null {
  for (const base of COVER_NAMES) {
    const found = names.find((name) => {
      const extension = extensionOfFileName(name);
      return (
        COVER_EXTENSIONS.has(extension) &&
        name.slice(0, -(extension.length + 1)).toLowerCase() === base
      );
    });
    if (found) return found;
  }
  return null;
}
