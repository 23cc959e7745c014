import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { albumChangesSchema } from '@cadenza/contract/album-form';
import { albumSchema } from '@cadenza/contract/catalogue';
import { idParamsSchema, successResponse } from '@cadenza/contract/envelope';
import { adminAlbumApi } from '@cadenza/contract/routes/admin-albums';
import { declared, declaredAnswer } from '../../declared-routes';
import { errorResponses } from '../../schemas';
import type { MediaUrls } from '../delivery/media-urls';
import type { CoverImages } from '../images/cover-images';
import { coverImageField, formBody } from '../uploads/form-body';
import type { AlbumEditingService } from './album-editing.service';
import { presentAlbum } from './catalogue.presenter';

export interface AdminAlbumsRoutesOptions {
  readonly editing: AlbumEditingService;
  readonly covers: CoverImages;
  readonly urls: MediaUrls;
}

/** The album edit: its fields, and the cover image as its store kept it. */
const albumFormBodySchema = albumChangesSchema.extend({ coverImage: coverImageField.optional() });

/** The admin's album edit, under /api/admin/albums. */
export const adminAlbumsRoutes: FastifyPluginAsyncZod<AdminAlbumsRoutesOptions> = async (
  app,
  { editing, covers, urls },
) => {
  app.route({
    ...declared(app, adminAlbumApi.update),
    onRequest: [app.requireAdmin],
    // An album that does not exist is 404 before its cover is read and stored.
    ...formBody(
      { coverImage: covers },
      { params: idParamsSchema, check: ({ id }) => editing.ensureExists(id) },
    ),
    schema: {
      tags: ['admin'],
      security: [{ bearerAuth: [] }],
      summary:
        'Edit an album (multipart: title, albumArtist, year, genres as a JSON list, coverImage ' +
        'file; or JSON): the genres become those of all its songs; fields left out stay',
      consumes: ['multipart/form-data', 'application/json'],
      params: idParamsSchema,
      body: albumFormBodySchema,
      response: {
        200: declaredAnswer(adminAlbumApi.update, successResponse(albumSchema)),
        ...errorResponses(400, 401, 403, 404, 413, 415),
      },
    },
    handler: async (request) => {
      const { coverImage, ...changes } = request.body;
      const album = await editing.update(request.params.id, changes, coverImage);
      return { success: true as const, data: presentAlbum(album, urls) };
    },
  });
};
