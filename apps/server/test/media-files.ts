import fs from 'node:fs';
import path from 'node:path';

/** Small but real media files for upload tests: each is recognised by its bytes like a real one. */

// A 1×1 PNG and a 1×1 JPEG that browsers decode.
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const JPEG_1X1 =
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';

/**
 * Decoders ignore bytes after the end of the image, so a `variant` gives different content (a
 * different content-addressed key) for the same picture.
 */
function withVariant(base64: string, variant: string): Buffer {
  const image = Buffer.from(base64, 'base64');
  return variant ? Buffer.concat([image, Buffer.from(variant)]) : image;
}

export function pngBytes(variant = ''): Buffer {
  return withVariant(PNG_1X1, variant);
}

export function jpegBytes(variant = ''): Buffer {
  return withVariant(JPEG_1X1, variant);
}

/** MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz) of silence: 417 bytes each. */
export function mp3Bytes(frames = 4, variant = ''): Buffer {
  const frame = Buffer.alloc(417);
  Buffer.from([0xff, 0xfb, 0x90, 0x64]).copy(frame);
  const tail = Buffer.from(variant);
  return Buffer.concat([...Array.from({ length: frames }, () => frame), tail]);
}

/** Every file under a blob store's root, temporary ones included, as sorted relative paths. */
export function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}
