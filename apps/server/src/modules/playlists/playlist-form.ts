import type { FastifyRequest } from 'fastify';
import type { CoverImages } from '../media/cover-images';
import type { StoredImage } from '../media/images.repository';
import { readFormOrJsonBody } from '../media/multipart-form';

/** A playlist form as its services take it: unchecked text fields and the stored cover. */
export interface PlaylistForm {
  readonly fields: unknown;
  readonly cover: StoredImage | null;
}

/**
 * Reads a playlist form (listener's or admin's) sent as multipart, with an optional `coverImage`
 * file, or as a JSON body without a cover.
 */
export async function readPlaylistForm(
  request: FastifyRequest,
  covers: CoverImages,
): Promise<PlaylistForm> {
  const form = await readFormOrJsonBody(request, { coverImage: covers });
  return { fields: form.fields, cover: form.files.coverImage ?? null };
}
