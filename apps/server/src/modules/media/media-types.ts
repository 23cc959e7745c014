const TYPES: Record<string, string> = {
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

/** The Content-Type of a stored blob by the extension its key was given when the bytes were sniffed. */
export function contentTypeOf(key: string): string {
  const extension = /\.([a-z0-9]+)$/.exec(key)?.[1] ?? '';
  return TYPES[extension] ?? 'application/octet-stream';
}
