/**
 * Small files with the real leading bytes of each media type: enough for the sniffers and the
 * media routes, which never decode the content. `size` pads with a repeating, position-dependent
 * pattern so that byte ranges can be checked.
 */
function padded(head: number[] | Buffer, size: number): Buffer {
  const body = Buffer.alloc(Math.max(size, head.length));
  Buffer.from(head).copy(body);
  for (let index = head.length; index < body.length; index += 1) body[index] = index % 251;
  return body;
}

/** An ID3v2.3 tag header followed by an MPEG-1 Layer III frame header (128 kbit/s, 44.1 kHz). */
export function mp3Bytes(size = 4096): Buffer {
  const id3 = [0x49, 0x44, 0x33, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00];
  return padded([...id3, 0xff, 0xfb, 0x90, 0x64], size);
}

/** A bare MPEG-1 Layer III frame header, no ID3 tag. */
export function mpegFrameBytes(size = 1024): Buffer {
  return padded([0xff, 0xfb, 0x90, 0x64], size);
}

export function jpegBytes(size = 512): Buffer {
  return padded([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00], size);
}

export function pngBytes(size = 512): Buffer {
  return padded([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], size);
}

export function asciiBytes(parts: Array<[offset: number, text: string]>, size = 512): Buffer {
  const head = Buffer.alloc(Math.max(...parts.map(([offset, text]) => offset + text.length)));
  for (const [offset, text] of parts) head.write(text, offset, 'latin1');
  return padded(head, size);
}
