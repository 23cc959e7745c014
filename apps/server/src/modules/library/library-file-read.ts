import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AudioTags } from '../../domain/audio-tags';
import { readAudioTagsOfContent } from '../audio-files/audio-tags';
import { audioTypeOf } from '../audio-files/audio-files';

/** Files up to this size are read once, whole: hashed and parsed from memory. */
export const WHOLE_READ_MAX_BYTES = 16 * 1024 * 1024;

/** What reading a file of a music folder found: its content hash and, for most, its tags. */
export interface LibraryFileRead {
  readonly sha256: string;
  /** Absent for a file too large to read whole: its tags are then read from the store. */
  readonly parsed?: { readonly mime: string; readonly tags: AudioTags };
}

/**
 * Reads a file of a music folder for the scan: a file up to `WHOLE_READ_MAX_BYTES` is read once,
 * hashed and parsed from memory; a larger one is only hashed, as a stream. Runs in a reader
 * thread (library-file.worker.ts) or, where there is none, in the caller's.
 */
export async function readLibraryFile(file: string, bytes: number): Promise<LibraryFileRead> {
  // A link swapped in since the scan looked at the file is never followed (ELOOP).
  const handle = await fsp.open(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
  if (bytes <= WHOLE_READ_MAX_BYTES) {
    let content: Buffer;
    try {
      content = await handle.readFile();
    } finally {
      await handle.close();
    }
    const mime = audioTypeOf(content, path.basename(file));
    return {
      sha256: createHash('sha256').update(content).digest('hex'),
      parsed: { mime, tags: await readAudioTagsOfContent(content, mime) },
    };
  }
  const hash = createHash('sha256');
  await pipeline(handle.createReadStream({ highWaterMark: 1024 * 1024 }), hash);
  return { sha256: hash.digest('hex') };
}
