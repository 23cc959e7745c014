import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successResponse } from '@cadenza/contract/envelope';
import { LIBRARY_UPLOAD_FIELD, libraryUploadResultSchema } from '@cadenza/contract/library';
import { errorResponses } from '../../schemas';
import type { AudioFiles } from '../audio-files/audio-files';
import { formBody, receivedAudioField } from '../uploads/form-body';
import { urlsFor, type MediaUrls } from '../delivery/media-urls';
import { presentSong } from '../songs/songs.presenter';
import type { LibraryImporter } from './library-importer';
import { libraryApi } from '@cadenza/contract/routes/admin';
import { declared, declaredAnswer } from '../../declared-routes';

export interface LibraryUploadsRoutesOptions {
  readonly importer: LibraryImporter;
  readonly audio: AudioFiles;
  readonly urls: MediaUrls;
}

const uploadBodySchema = z.object({ [LIBRARY_UPLOAD_FIELD]: receivedAudioField });

/** Files added to the library one request each, everything taken from their tags. */
export const libraryUploadsRoutes: FastifyPluginAsyncZod<LibraryUploadsRoutesOptions> = async (
  app,
  { importer, audio, urls },
) => {
  app.route({
    ...declared(app, libraryApi.upload),
    onRequest: [app.requireAdmin],
    ...formBody({ [LIBRARY_UPLOAD_FIELD]: audio.receiver }),
    schema: {
      tags: ['admin'],
      security: [{ bearerAuth: [] }],
      summary:
        'Add one audio file to the library (multipart `file`), filled in from its tags alone: ' +
        '201 added, 200 duplicate (already in the library; nothing stored), 415 refused',
      consumes: ['multipart/form-data'],
      body: uploadBodySchema,
      response: {
        200: declaredAnswer(libraryApi.upload, successResponse(libraryUploadResultSchema)),
        201: successResponse(libraryUploadResultSchema),
        ...errorResponses(400, 401, 403, 413, 415),
      },
    },
    handler: async (request, reply) => {
      const file = request.body[LIBRARY_UPLOAD_FIELD];
      const result = await importer.importFile(file);
      if (result.outcome === 'duplicate') await audio.discard(file.key);
      return reply.status(result.outcome === 'added' ? 201 : 200).send({
        success: true as const,
        data: { outcome: result.outcome, song: presentSong(result.song, urlsFor(urls, request)) },
      });
    },
  });
};
