import {
  adminCreatePlaylistBodySchema,
  adminUpdatePlaylistBodySchema,
} from '@cadenza/contract/admin';
import { createPlaylistBodySchema } from '@cadenza/contract/playlists';
import { coverImageField } from '../media/form-body';

/** The optional `coverImage` file every playlist form may carry, as its store kept it. */
const withCover = { coverImage: coverImageField.optional() };

/** A listener's new playlist: multipart with an optional cover, or JSON without one. */
export const listenerPlaylistFormSchema = createPlaylistBodySchema.extend(withCover);
/** An admin's new playlist, which may be flagged default and name its first songs. */
export const adminPlaylistFormSchema = adminCreatePlaylistBodySchema.extend(withCover);
/** An admin's changes to a playlist: what is sent changes, the rest stays. */
export const adminPlaylistChangesFormSchema = adminUpdatePlaylistBodySchema.extend(withCover);
