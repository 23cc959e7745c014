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

/** The ending of the lyrics file beside an audio file ("03 - Song.lrc"), in any letter case. */
const LYRICS_EXTENSION = 'lrc';

/** A file name without its extension: "03 - Song.flac" → "03 - Song". */
export function baseNameOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/**
 * The `.lrc` files among a directory's file names, by the base name they share with an audio
 * file ("03 - Song.lrc" for "03 - Song.flac"): the base name matches exactly, the ending in any
 * case.
 */
export function lyricsFilesOf(names: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const name of names) {
    if (extensionOfFileName(name) !== LYRICS_EXTENSION) continue;
    const base = baseNameOf(name);
    // Two spellings of one ending ("a.lrc", "a.LRC"): the first in name order wins, every scan.
    const known = found.get(base);
    if (known === undefined || name < known) found.set(base, name);
  }
  return found;
}
