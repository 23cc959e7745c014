import { urlsFor } from '../delivery/media-urls';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, messageResponseSchema, successResponse } from '@cadenza/contract/envelope';
import { songCatalogueFieldsSchema } from '@cadenza/contract/song-catalogue-form';
import { songFieldsSchema, songFileDetailsSchema } from '@cadenza/contract/song-form';
import {
  removedDemoSongsMessage,
  removedDemoSongsSchema,
  songSchema,
} from '@cadenza/contract/songs';
import { errorResponses } from '../../schemas';
import type { AudioFiles } from '../audio-files/audio-files';
import type { CoverImages } from '../images/cover-images';
import {
  audioFileField,
  coverImageField,
  formBody,
  inspectedAudioField,
} from '../uploads/form-body';
import type { DemoSongsService } from './demo-songs.service';
import type { SongEditingService } from './song-editing.service';
import { songListAudiences, songListRoute } from './song-list.routes';
import { presentSong } from './songs.presenter';
import type { SongsRoutesOptions } from './songs.routes';
import { adminSongApi } from '@cadenza/contract/routes/songs';

export interface AdminSongsRoutesOptions extends SongsRoutesOptions {
  readonly editing: SongEditingService;
  readonly demoSongs: DemoSongsService;
  readonly audio: AudioFiles;
  readonly covers: CoverImages;
}

/**
 * The song form: its text fields, its tag genres, and the audio file and cover image as they
 * were stored.
 */
const songFormBodySchema = songFieldsSchema.extend({
  genres: songCatalogueFieldsSchema.shape.genres,
  audioFile: audioFileField.optional(),
  coverImage: coverImageField.optional(),
});

/** The song edit: the song form and the song's catalogue fields. */
const songEditBodySchema = songFormBodySchema.extend(songCatalogueFieldsSchema.shape);

/** The inspect form: an audio file, read as it arrives and not stored. */
const inspectFormBodySchema = z.object({ audioFile: inspectedAudioField.optional() });

const FORM_SUMMARY =
  'multipart: title, artist, album, genre, releaseYear, duration, coverImage file, audioFile file; ' +
  "fields left empty are filled from the file's tags";

/** The admin's songs under /api/admin/songs: list, upload, inspect, edit, delete. */
export const adminSongsRoutes: FastifyPluginAsyncZod<AdminSongsRoutesOptions> = async (
  app,
  { songs, urls, pages, editing, demoSongs, audio, covers },
) => {
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] };

  songListRoute(app, adminSongApi.list, { songs, urls, pages }, songListAudiences.admins);

  const songForm = { audioFile: audio, coverImage: covers };

  app.post(
    '/',
    {
      onRequest: [app.requireAdmin],
      ...formBody(songForm),
      schema: {
        ...common,
        summary: `Add a song (${FORM_SUMMARY}; the audio file is required)`,
        consumes: ['multipart/form-data', 'application/json'],
        body: songFormBodySchema,
        response: {
          201: successResponse(songSchema),
          ...errorResponses(400, 401, 403, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const song = await editing.create(request.body);
      return reply
        .status(201)
        .send({ success: true as const, data: presentSong(song, urlsFor(urls, request)) });
    },
  );

  app.post(
    '/inspect',
    {
      onRequest: [app.requireAdmin],
      ...formBody({ audioFile: audio.inspector }),
      schema: {
        ...common,
        summary:
          'What an audio file (multipart audioFile) would fill in: tags, duration and a small ' +
          'preview of the embedded cover as a data URL (or a note why there is none); nothing ' +
          'is stored',
        consumes: ['multipart/form-data'],
        body: inspectFormBodySchema,
        response: {
          200: successResponse(songFileDetailsSchema),
          ...errorResponses(400, 401, 403, 413, 415),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await editing.inspect(request.body.audioFile?.tags),
    }),
  );

  app.put(
    '/:id',
    {
      onRequest: [app.requireAdmin],
      // A song that does not exist is 404 before its upload is read and stored.
      ...formBody(songForm, {
        params: idParamsSchema,
        check: ({ id }) => editing.ensureExists(id),
      }),
      schema: {
        ...common,
        summary:
          `Edit a song (${FORM_SUMMARY}; without a new audio file the old one stays; also ` +
          'trackNumber, discNumber, artists as a JSON list of {name, role: main|featured}, ' +
          'genres as a JSON list, lyrics as LRC or plain text, empty to remove them)',
        consumes: ['multipart/form-data', 'application/json'],
        params: idParamsSchema,
        body: songEditBodySchema,
        response: {
          200: successResponse(songSchema),
          ...errorResponses(400, 401, 403, 404, 413, 415),
        },
      },
    },
    async (request) => {
      const song = await editing.update(request.params.id, request.body);
      return { success: true as const, data: presentSong(song, urlsFor(urls, request)) };
    },
  );

  // Registered before '/:id' only for the reader: a fixed path always wins over a parameter.
  app.delete(
    '/demo',
    {
      onRequest: [app.requireAdmin],
      schema: {
        ...common,
        summary:
          'Delete every song of the bundled demo library at once, with its files (one transaction)',
        response: {
          200: successResponse(removedDemoSongsSchema).extend(messageResponseSchema.shape),
          ...errorResponses(401, 403),
        },
      },
    },
    async () => {
      const removed = await demoSongs.removeAll();
      return {
        success: true as const,
        message: removedDemoSongsMessage(removed),
        data: { removed },
      };
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
