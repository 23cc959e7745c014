import { z } from 'zod';
import { songSchema } from './songs';
import { idField, text } from './validation';

export const MAX_PLAYLIST_NAME_LENGTH = 100;
export const MAX_PLAYLIST_DESCRIPTION_LENGTH = 1000;

/** The words the server answers and the web forms show, so both say the same. */
export const playlistMessages = {
  nameRequired: 'Playlist name is required',
  nameTooLong: `Playlist name must be at most ${MAX_PLAYLIST_NAME_LENGTH} characters`,
  descriptionTooLong: `Description must be at most ${MAX_PLAYLIST_DESCRIPTION_LENGTH} characters`,
  isPublicInvalid: "isPublic must be 'true' or 'false'",
} as const;

export const playlistNameField = text('Playlist name', { error: playlistMessages.nameRequired })
  .trim()
  .min(1, playlistMessages.nameRequired)
  .max(MAX_PLAYLIST_NAME_LENGTH, playlistMessages.nameTooLong);

export const playlistDescriptionField = text('Description', { error: 'Description must be text' })
  .trim()
  .max(MAX_PLAYLIST_DESCRIPTION_LENGTH, playlistMessages.descriptionTooLong);

/**
 * A multipart form sends the flag as the text 'true' or 'false'; a JSON body sends a boolean.
 * Public unless said otherwise (DESIGN.md §10.1).
 */
const isPublicField = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: playlistMessages.isPublicInvalid })
  .transform((value) => value === true || value === 'true');

/** POST /api/user/playlists: the form's text fields (multipart) or the same as JSON. */
export const createPlaylistBodySchema = z.object({
  name: playlistNameField,
  description: playlistDescriptionField.default(''),
  isPublic: isPublicField.default(true),
});
export type CreatePlaylistBody = z.infer<typeof createPlaylistBodySchema>;

/** The web's "Create New Playlist" dialog, before it becomes a multipart request. */
export const createPlaylistFormSchema = z.object({
  name: playlistNameField,
  description: playlistDescriptionField,
  isPublic: z.boolean(),
});
export type CreatePlaylistForm = z.infer<typeof createPlaylistFormSchema>;

export const playlistOwnerSchema = z.object({ _id: z.string(), name: z.string() });

/** A playlist in a list: enough for a card (cover, name, count) without its songs. */
export const playlistSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  coverImage: z.string(),
  isPublic: z.boolean(),
  isDefault: z.boolean(),
  owner: playlistOwnerSchema,
  songCount: z.number().int(),
  createdAt: z.string(),
});
export type Playlist = z.infer<typeof playlistSchema>;

/** One playlist with its songs in the order they were added. */
export const playlistWithSongsSchema = playlistSchema.extend({ songs: z.array(songSchema) });
export type PlaylistWithSongs = z.infer<typeof playlistWithSongsSchema>;

export const playlistSongParamsSchema = z.object({
  playlistId: idField('playlistId must be a UUID'),
  songId: idField('songId must be a UUID'),
});
