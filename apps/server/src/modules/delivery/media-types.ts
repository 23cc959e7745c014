/** The type of bytes nothing says anything about. */
export const UNKNOWN_CONTENT_TYPE = 'application/octet-stream';

const TYPES_BY_EXTENSION: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

const EXTENSIONS_BY_TYPE: Record<string, string> = {
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/flac': 'flac',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** A key's extension (`audio/<id>.mp3` → `mp3`); null for a key without one. */
export function extensionOfKey(key: string): string | null {
  return /\.([a-z0-9]+)$/.exec(key)?.[1] ?? null;
}

/**
 * The type a key's extension stands for: keys were named so (`audio/<id>.<ext>`,
 * `images/<sha256>.<ext>`) before types lived in rows, and the bundled default images still are.
 * Null for a key without a known extension.
 */
export function contentTypeOfExtension(key: string): string | null {
  return TYPES_BY_EXTENSION[extensionOfKey(key) ?? ''] ?? null;
}

/** The usual file extension of a type, for a file's name; null for a type without one. */
export function extensionOfType(mime: string): string | null {
  return EXTENSIONS_BY_TYPE[mime] ?? null;
}

/** What streaming a song's audio needs to know of it. */
export interface SongAudioFacts {
  readonly mime: string;
  readonly seconds: number;
  /** Bits per second; null when not known. */
  readonly bitRate: number | null;
}
