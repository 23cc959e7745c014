import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { idParamsSchema, messageResponseSchema, successResponse } from '@cadenza/contract/envelope';
import { songFieldsSchema, songFileDetailsSchema } from '@cadenza/contract/song-form';
import { songSchema } from '@cadenza/contract/songs';
import { errorResponses } from '../../schemas';
import type { AudioFiles } from '../media/audio-files';
import type { CoverImages } from '../media/cover-images';
import { readFormOrJsonBody, readMultipartForm } from '../media/multipart-form';
import type { SongEditingService } from './song-editing.service';
import { songListAudiences, songListRoute } from './song-list.routes';
import { presentSong } from './songs.presenter';
import type { SongsRoutesOptions } from './songs.routes';

export interface AdminSongsRoutesOptions extends SongsRoutesOptions {
  readonly editing: SongEditingService;
  readonly audio: AudioFiles;
  readonly covers: CoverImages;
}

const FORM_SUMMARY =
  'multipart: title, artist, album, genre, releaseYear, duration, coverImage file, audioFile file; ' +
  "fields left empty are filled from the file's tags";

/** The admin's songs under /api/admin/songs: list, upload, inspect, edit, delete. */
export const adminSongsRoutes: FastifyPluginAsyncZod<AdminSongsRoutesOptions> = async (
  app,
  { songs, urls, editing, audio, covers },
) => {
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] };

  songListRoute(app, '/', { songs, urls }, songListAudiences.admins);

  /** The form's text fields and stored files, from a multipart form or (no files) a JSON body. */
  const readSongForm = (request: FastifyRequest) =>
    readFormOrJsonBody(request, { audioFile: audio, coverImage: covers });

  app.post(
    '/',
    {
      onRequest: [app.requireAdmin],
      schema: {
        ...common,
        summary: `Add a song (${FORM_SUMMARY}; the audio file is required)`,
        consumes: ['multipart/form-data', 'application/json'],
        // JSON bodies are checked here; multipart fields are checked by the service.
        body: songFieldsSchema.nullish(),
        response: {
          201: successResponse(songSchema),
          ...errorResponses(400, 401, 403, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const form = await readSongForm(request);
      const song = await editing.create(form.fields, form.files);
      return reply.status(201).send({ success: true as const, data: presentSong(song, urls) });
    },
  );

  app.post(
    '/inspect',
    {
      onRequest: [app.requireAdmin],
      schema: {
        ...common,
        summary:
          'What an audio file (multipart audioFile) would fill in: tags, duration and a small ' +
          'preview of the embedded cover as a data URL (or a note why there is none); nothing ' +
          'is stored',
        consumes: ['multipart/form-data'],
        response: {
          200: successResponse(songFileDetailsSchema),
          ...errorResponses(400, 401, 403, 413, 415),
        },
      },
    },
    async (request) => {
      const tags = request.isMultipart()
        ? (await readMultipartForm(request, { audioFile: audio.inspector })).files.audioFile
        : undefined;
      return { success: true as const, data: await editing.inspect(tags) };
    },
  );

  app.put(
    '/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        ...common,
        summary: `Edit a song (${FORM_SUMMARY}; without a new audio file the old one stays)`,
        consumes: ['multipart/form-data', 'application/json'],
        params: idParamsSchema,
        body: songFieldsSchema.nullish(),
        response: {
          200: successResponse(songSchema),
          ...errorResponses(400, 401, 403, 404, 413, 415),
        },
      },
    },
    async (request) => {
      await editing.ensureExists(request.params.id);
      const form = await readSongForm(request);
      const song = await editing.update(request.params.id, form.fields, form.files);
      return { success: true as const, data: presentSong(song, urls) };
    },
  );

  app.delete(
    '/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        ...common,
        summary: 'Delete a song, its files and every like, save, play and playlist entry of it',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await editing.delete(request.params.id);
      return { success: true as const, message: 'Song deleted.' };
    },
  );
};
