import { z } from 'zod';
import { songSchema } from './songs';
import { idField, plainText } from './validation';

export const MAX_PLAYLIST_NAME_LENGTH = 100;
export const MAX_PLAYLIST_DESCRIPTION_LENGTH = 1000;

/** The words the server answers and the web forms show, so both say the same. */
export const playlistMessages = {
  nameRequired: 'Playlist name is required',
  nameTooLong: `Playlist name must be at most ${MAX_PLAYLIST_NAME_LENGTH} characters`,
  descriptionTooLong: `Description must be at most ${MAX_PLAYLIST_DESCRIPTION_LENGTH} characters`,
  isPublicInvalid: "isPublic must be 'true' or 'false'",
  removeCoverInvalid: "removeCover must be 'true' or 'false'",
  nothingToChange:
    'Send at least one change: name, description, isPublic, coverImage or removeCover',
  coverAndRemoveCover: 'Send either a new cover or removeCover, not both',
  positionInvalid: 'Position must be a whole number from 0',
} as const;

/** How many song covers, at most, make up the collage of a playlist without its own cover. */
export const MAX_COVER_MOSAIC = 4;

export const playlistNameField = plainText('Playlist name', {
  error: playlistMessages.nameRequired,
})
  .trim()
  .min(1, playlistMessages.nameRequired)
  .max(MAX_PLAYLIST_NAME_LENGTH, playlistMessages.nameTooLong);

export const playlistDescriptionField = plainText('Description', {
  error: 'Description must be text',
})
  .trim()
  .max(MAX_PLAYLIST_DESCRIPTION_LENGTH, playlistMessages.descriptionTooLong);

/**
 * A multipart form sends the flag as the text 'true' or 'false'; a JSON body sends a boolean.
 * A listener's new playlist is private unless the request makes it public (decision 071).
 */
const isPublicField = flagField(playlistMessages.isPublicInvalid);

/** A flag as a multipart form ('true' or 'false') or a JSON body (a boolean) sends it. */
export function flagField(message: string) {
  return z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: message })
    .transform((value) => value === true || value === 'true');
}

/** POST /api/user/playlists: the form's text fields (multipart) or the same as JSON. */
export const createPlaylistBodySchema = z.object({
  name: playlistNameField,
  description: playlistDescriptionField.default(''),
  isPublic: isPublicField.default(false),
});
export type CreatePlaylistBody = z.infer<typeof createPlaylistBodySchema>;

/**
 * PATCH /api/user/playlists/{id}: what is sent changes, the rest stays (the song list is changed
 * one song at a time). `removeCover` drops an uploaded cover; a new one comes as the multipart
 * form's `coverImage` file.
 */
export const updatePlaylistBodySchema = z.object({
  name: playlistNameField.optional(),
  description: playlistDescriptionField.optional(),
  isPublic: isPublicField.optional(),
  removeCover: flagField(playlistMessages.removeCoverInvalid).optional(),
});
export type UpdatePlaylistBody = z.infer<typeof updatePlaylistBodySchema>;

/** PUT /api/user/playlists/{playlistId}/songs/{songId}/position: the song's new 0-based index. */
export const moveSongBodySchema = z.object({
  position: z
    .number({ error: playlistMessages.positionInvalid })
    .int(playlistMessages.positionInvalid)
    .min(0, playlistMessages.positionInvalid),
});
export type MoveSongBody = z.infer<typeof moveSongBodySchema>;

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
  /**
   * Without an uploaded cover, the covers of up to four different albums among its first songs,
   * in their order, for a collage; empty when a cover was uploaded or no song has one.
   */
  coverMosaic: z.array(z.string()),
  /** Present, and true, only on a smart playlist: its songs are chosen by rules, not edited. */
  isSmart: z.literal(true).optional(),
});
export type Playlist = z.infer<typeof playlistSchema>;

/** One playlist with its songs in their order (the owner may move them). */
export const playlistWithSongsSchema = playlistSchema.extend({ songs: z.array(songSchema) });
export type PlaylistWithSongs = z.infer<typeof playlistWithSongsSchema>;

export const playlistSongParamsSchema = z.object({
  playlistId: idField('playlistId must be a UUID'),
  songId: idField('songId must be a UUID'),
});
