import { z } from 'zod';
import {
  flagField,
  playlistDescriptionField,
  playlistMessages,
  playlistNameField,
} from './playlists';
import { idField } from './validation';

/** GET /api/admin/stats (docs/product.md §3 "Admin stats"). */
export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  totalSongs: z.number().int(),
  songsByGenre: z.array(z.object({ _id: z.string(), count: z.number().int() })),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const adminMessages = {
  userNotFound: 'User not found.',
  adminNotDeletable: 'Administrators cannot be deleted.',
  songNotFound: 'Song not found.',
  playlistNotFound: 'Playlist not found.',
  isDefaultInvalid: "isDefault must be 'true' or 'false'",
  songsInvalid: 'Songs must be a list of song ids',
} as const;

export const MAX_PLAYLIST_SONGS_ON_CREATE = 500;

/**
 * Song ids as a multipart form sends them: repeated `songs` fields, one field holding a JSON
 * array, or (JSON body) an array.
 */
const songIdsField = z.preprocess(
  (value) => {
    const values: unknown[] = Array.isArray(value) ? value : value === undefined ? [] : [value];
    return values.flatMap((item: unknown) => {
      if (typeof item !== 'string') return [item];
      const text = item.trim();
      if (text === '') return [];
      if (!text.startsWith('[')) return [text];
      try {
        const parsed: unknown = JSON.parse(text);
        return Array.isArray(parsed) ? (parsed as unknown[]) : [parsed];
      } catch {
        return [item];
      }
    });
  },
  z
    .array(idField(adminMessages.songsInvalid), { error: adminMessages.songsInvalid })
    .max(MAX_PLAYLIST_SONGS_ON_CREATE, `At most ${MAX_PLAYLIST_SONGS_ON_CREATE} songs at once`),
);

/** POST /api/admin/playlists: the admin playlist form (docs/product.md §3), multipart or JSON. */
export const adminCreatePlaylistBodySchema = z.object({
  name: playlistNameField,
  description: playlistDescriptionField.default(''),
  isDefault: flagField(adminMessages.isDefaultInvalid).default(true),
  isPublic: flagField(playlistMessages.isPublicInvalid).default(true),
  songs: songIdsField,
});
export type AdminCreatePlaylistBody = z.infer<typeof adminCreatePlaylistBodySchema>;

/** PUT /api/admin/playlists/{id}: what is sent changes, the rest stays; never the song list. */
export const adminUpdatePlaylistBodySchema = z.object({
  name: playlistNameField.optional(),
  description: playlistDescriptionField.optional(),
  isDefault: flagField(adminMessages.isDefaultInvalid).optional(),
  isPublic: flagField(playlistMessages.isPublicInvalid).optional(),
});
export type AdminUpdatePlaylistBody = z.infer<typeof adminUpdatePlaylistBodySchema>;

/** The web's Create/Edit Playlist dialog, before it becomes a multipart request. */
export const adminPlaylistFormSchema = z.object({
  name: playlistNameField,
  description: playlistDescriptionField,
  isDefault: z.boolean(),
  isPublic: z.boolean(),
});
export type AdminPlaylistForm = z.infer<typeof adminPlaylistFormSchema>;
