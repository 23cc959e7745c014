/** Cover images of songs and playlists: checked by their bytes and limited in size. */
export const MAX_COVER_IMAGE_BYTES = 10 * 1024 * 1024;

/**
 * The most pixels a cover image may have, and the longest side: a picture is decoded whole to be
 * resized, and one with more pixels costs more memory than a server should spend on a cover.
 */
export const MAX_COVER_IMAGE_PIXELS = 40_000_000;
export const MAX_COVER_IMAGE_SIDE = 10_000;

export const coverMessages = {
  notAnImage: 'The cover image must be an image file (JPEG, PNG, GIF or WebP).',
  tooLarge: `The cover image must be at most ${MAX_COVER_IMAGE_BYTES / (1024 * 1024)} MB.`,
  tooManyPixels: `The cover image must be at most ${MAX_COVER_IMAGE_SIDE} pixels a side and ${MAX_COVER_IMAGE_PIXELS / 1_000_000} megapixels.`,
  embeddedTooLarge: `The picture inside the audio file is larger than ${MAX_COVER_IMAGE_BYTES / (1024 * 1024)} MB, so it was left out.`,
} as const;
