import { z } from 'zod';

export const GENRES = [
  'pop',
  'rock',
  'hip-hop',
  'jazz',
  'classical',
  'electronic',
  'other',
] as const;
export const genreSchema = z.enum(GENRES);
export type Genre = z.infer<typeof genreSchema>;

/** Song JSON (DESIGN.md §5): cover and audio are URLs a browser loads without headers. */
export const songSchema = z.object({
  _id: z.string(),
  title: z.string(),
  artist: z.string(),
  album: z.string().nullable(),
  genre: genreSchema,
  releaseYear: z.number().int().nullable(),
  duration: z.number(),
  coverImage: z.string(),
  audioFile: z.string(),
  createdAt: z.string(),
});
export type Song = z.infer<typeof songSchema>;
