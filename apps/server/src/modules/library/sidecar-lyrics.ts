import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { libraryMessages } from '@cadenza/contract/library';
import { MAX_LYRICS_BYTES } from '@cadenza/contract/lyrics';
import type { TagLyrics } from '../../domain/grouping';

/**
 * The `.lrc` beside an audio file as a scan found it: its place, and `<bytes>:<mtime ms>`, which
 * the file's row records (`library_files.lyrics_file`) so that a later scan sees it change. Both
 * null when there is none.
 */
export interface SidecarLook {
  readonly file: string | null;
  readonly signature: string | null;
}

export const NO_SIDECAR: SidecarLook = { file: null, signature: null };

/** What a scan records of a `.lrc` it found: its size and modification time. */
export function sidecarSignature(bytes: number, mtimeMs: number): string {
  return `${bytes}:${Math.trunc(mtimeMs)}`;
}

/** A `.lrc` file's bytes as text: UTF-8 (a BOM left out), else Latin-1 as older files are. */
export function decodeLyricsFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  }
}

/**
 * Reads the `.lrc` beside an audio file as lyrics of the song (none for an empty file). One over
 * the size the library keeps, or that cannot be read, fails with why; a link swapped in since the
 * directory was listed is never followed.
 */
export async function readSidecarLyrics(file: string): Promise<TagLyrics | null> {
  const handle = await fsp.open(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
  let bytes: Buffer;
  try {
    const { size } = await handle.stat();
    // Spaces around the text are not kept, but a file this much larger is not read at all.
    if (size > 2 * MAX_LYRICS_BYTES) throw new Error(libraryMessages.lyricsTooLarge);
    bytes = await handle.readFile();
  } finally {
    await handle.close();
  }
  const text = decodeLyricsFile(bytes).replaceAll('\u0000', '').trim();
  if (Buffer.byteLength(text) > MAX_LYRICS_BYTES) throw new Error(libraryMessages.lyricsTooLarge);
  return text === '' ? null : { source: 'sidecar', language: null, text };
}
