import {
  adminCreatePlaylistBodySchema,
  adminUpdatePlaylistBodySchema,
} from '@cadenza/contract/admin';
import {
  createPlaylistBodySchema,
  playlistMessages,
  updatePlaylistBodySchema,
} from '@cadenza/contract/playlists';
import type { z } from 'zod';
import { Invalid } from '../../errors';
import { coverImageField } from '../uploads/form-body';

/** The optional `coverImage` file every playlist form may carry, as its store kept it. */
const withCover = { coverImage: coverImageField.optional() };

/** A listener's new playlist: multipart with an optional cover, or JSON without one. */
export const listenerPlaylistFormSchema = createPlaylistBodySchema.extend(withCover);
/** An admin's new playlist, which may be flagged default and name its first songs. */
export const adminPlaylistFormSchema = adminCreatePlaylistBodySchema.extend(withCover);
/** An admin's changes to a playlist: what is sent changes, the rest stays. */
export const adminPlaylistChangesFormSchema = adminUpdatePlaylistBodySchema.extend(withCover);

/**
 * A listener's changes to their playlist: what is sent changes, the rest stays; a new cover and
 * `removeCover` do not go together.
 */
export const listenerPlaylistChangesFormSchema = updatePlaylistBodySchema
  .extend(withCover)
  .refine((form) => !(form.removeCover === true && form.coverImage !== undefined), {
    message: playlistMessages.coverAndRemoveCover,
    path: ['removeCover'],
  });

/** 400 when a listener's changes change nothing at all (an empty form or JSON object). */
export function ensureSomethingToChange(form: z.output<typeof listenerPlaylistChangesFormSchema>) {
  if (Object.values(form).some((value) => value !== undefined)) return;
  throw new Invalid(playlistMessages.nothingToChange, undefined, 'empty_body');
}
