import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../parse-input';
import { readMultipartForm, type FormFileStores } from './multipart-form';
import { InspectedAudio, ReceivedAudio, StoredImage, UploadedAudio } from './stored-files';

/** How the OpenAPI document describes a file field (zod renders a class instance as `{}`). */
const BINARY = { type: 'string', format: 'binary' } as const;
/** The answer to a text (or JSON) value where a file belongs. */
const NOT_A_FILE = { error: 'Send this field as a file of a multipart form.' };

/** A cover image field (`coverImage`): the image its store kept. */
export const coverImageField = z.instanceof(StoredImage, NOT_A_FILE).meta(BINARY);
/** An audio file field (`audioFile`) of a form that stores it. */
export const audioFileField = z.instanceof(UploadedAudio, NOT_A_FILE).meta(BINARY);
/** A file sent to the library, kept or not by what it turns out to hold. */
export const receivedAudioField = z.instanceof(ReceivedAudio, NOT_A_FILE).meta(BINARY);
/** An audio file field (`audioFile`) of a form that only reads it. */
export const inspectedAudioField = z.instanceof(InspectedAudio, NOT_A_FILE).meta(BINARY);

/**
 * What must hold before a multipart form is read and its files stored (e.g. that what it edits
 * exists). The route's path parameters are checked first, with the same answer as Fastify's own
 * check (which comes only after the form is read).
 */
export interface FormPrecondition<P extends z.ZodType> {
  readonly params: P;
  /** `request` tells whose form it is, for a check that depends on the caller. */
  readonly check: (params: z.output<P>, request: FastifyRequest) => Promise<void>;
}

/**
 * The hooks of a route whose body may be a multipart form with files, so that the route's own
 * body schema checks it. Before validation, each file of a multipart form is streamed into the
 * store registered for its field, and `request.body` becomes the text fields plus, per file
 * field, what its store answered (a text field of a file's name stays text, which the schema
 * refuses); a JSON body stays as it is (none at all is an empty one). When the request then fails
 * for any reason, the stored files are taken back before the error is answered; once a success
 * is being sent, they stay.
 */
export function formBody<P extends z.ZodType>(
  stores: FormFileStores,
  precondition?: FormPrecondition<P>,
) {
  const uploaded = new WeakMap<FastifyRequest, () => Promise<void>>();
  return {
    preValidation: async (request: FastifyRequest) => {
      if (!request.isMultipart()) {
        request.body ??= {};
        return;
      }
      if (precondition)
        await precondition.check(parseInput(precondition.params, request.params), request);
      const form = await readMultipartForm(request, stores);
      uploaded.set(request, () => form.discardFiles());
      request.body = { ...form.fields, ...form.files };
    },
    preSerialization: async (request: FastifyRequest, _reply: unknown, payload: unknown) => {
      uploaded.delete(request);
      return payload;
    },
    onError: async (request: FastifyRequest) => {
      const discardFiles = uploaded.get(request);
      uploaded.delete(request);
      await discardFiles?.();
    },
  };
}
