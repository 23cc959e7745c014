/** Cover images of songs and playlists: checked by their bytes and limited in size. */
export const MAX_COVER_IMAGE_BYTES = 10 * 1024 * 1024;

export const coverMessages = {
  notAnImage: 'The cover image must be an image file (JPEG, PNG, GIF or WebP).',
  tooLarge: `The cover image must be at most ${MAX_COVER_IMAGE_BYTES / (1024 * 1024)} MB.`,
  embeddedTooLarge: `The picture inside the audio file is larger than ${MAX_COVER_IMAGE_BYTES / (1024 * 1024)} MB, so it was left out.`,
} as const;
