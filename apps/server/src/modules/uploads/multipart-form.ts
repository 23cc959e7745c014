import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, Invalid, TooLarge } from '../../errors';
import { NUL_MESSAGE } from '../../plugins/input-text';
import { isStorageFailure } from '../../storage/storage-failures';

/**
 * Stores the file of one form field (streaming it) and can take it back after a failure. `K` is
 * what a stored file is known by: its key, or for a store that only reads files, what it read.
 */
export interface FormFileStore<K = string> {
  /** Streams the file into storage (reading it to the end); answers its key. */
  save(file: Readable, info: { readonly filename: string }): Promise<K>;
  /** Takes back a stored file (the store decides whether it is still needed elsewhere). */
  discard(key: K): Promise<void>;
}

/** The stores of a form's file fields, by field name. */
export type FormFileStores = Readonly<Record<string, FormFileStore<unknown>>>;

/** What the stores of a form keep its files as, by field name (a field may be left empty). */
export type FormFiles<S extends FormFileStores> = {
  readonly [F in keyof S]?: Awaited<ReturnType<S[F]['save']>>;
};

export interface MultipartForm<S extends FormFileStores> {
  /** Text fields by name; a repeated field becomes a list. */
  readonly fields: Record<string, unknown>;
  /** What each file field's store kept, by field name. */
  readonly files: FormFiles<S>;
  /** Takes back every stored file: for a request that fails after the form was read. */
  discardFiles(): Promise<void>;
}

const LIMIT_MESSAGES: Record<string, string> = {
  FST_PARTS_LIMIT: 'The form has too many parts.',
  FST_FILES_LIMIT: 'The form has too many files.',
  FST_FIELDS_LIMIT: 'The form has too many fields.',
};
const MALFORMED = 'The form data is malformed or incomplete.';
/** The parser's words when the body ends inside a part, before the form's closing boundary. */
const ENDS_INSIDE_PART = /unexpected end of multipart data/i;
const OVER_UPLOAD_LIMIT = 'The file is larger than the upload limit.';

/** Errors of the multipart parser as the API's own, so that a broken form is never a 500. */
function formError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const limitMessage = typeof code === 'string' ? LIMIT_MESSAGES[code] : undefined;
  if (limitMessage) return new TooLarge(limitMessage);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new TooLarge(OVER_UPLOAD_LIMIT);
  return new Invalid(MALFORMED, undefined, 'malformed_multipart');
}

function addField(fields: Record<string, unknown>, name: string, value: unknown): void {
  const existing = fields[name];
  if (existing === undefined) fields[name] = value;
  else
    fields[name] = Array.isArray(existing)
      ? [...(existing as unknown[]), value]
      : [existing, value];
}

async function drain(stream: Readable): Promise<void> {
  for await (const _chunk of stream);
}

/**
 * Reads a multipart form in one pass: text fields are collected, each file is streamed into the
 * store registered for its field (never buffered whole). When anything fails, the files already
 * stored are taken back before the error is thrown.
 */
export async function readMultipartForm<S extends FormFileStores>(
  request: FastifyRequest,
  stores: S,
): Promise<MultipartForm<S>> {
  const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const files: Record<string, unknown> = {};
  const saved: Array<{ store: FormFileStore<unknown>; key: unknown }> = [];
  const discardFiles = async () => {
    for (const { store, key } of saved.splice(0)) await store.discard(key);
  };

  const parts = request.parts();
  try {
    for (;;) {
      let next: IteratorResult<Multipart>;
      try {
        next = await parts.next();
      } catch (error) {
        throw formError(error);
      }
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        // The JSON body's rule for names (plugins/input-text.ts) holds for form fields too.
        if (part.fieldname.includes('\u0000')) {
          throw new Invalid(NUL_MESSAGE, [
            { field: 'body', code: 'nul_character', message: NUL_MESSAGE },
          ]);
        }
        // The parser cuts a value past the form's limit: kept, it would be saved short.
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw new TooLarge(`The field "${part.fieldname}" is longer than a form may carry.`);
        }
        addField(fields, part.fieldname, part.value);
        continue;
      }
      // A form's empty file input arrives as a part without a name or bytes.
      if (part.filename === '') {
        await drain(part.file).catch(() => undefined);
        continue;
      }
      const store = Object.hasOwn(stores, part.fieldname) ? stores[part.fieldname] : undefined;
      if (!store) {
        throw new Invalid(
          `The form has an unexpected file field "${part.fieldname}".`,
          undefined,
          'unexpected_file_field',
        );
      }
      if (Object.hasOwn(files, part.fieldname)) {
        throw new Invalid(
          `Send only one file as "${part.fieldname}".`,
          undefined,
          'duplicate_file_field',
        );
      }
      let key: unknown;
      try {
        key = await store.save(part.file, { filename: part.filename });
      } catch (error) {
        if (error instanceof AppError) throw error;
        // The storage failed under the upload: the server's fault, whatever is left unread.
        if (isStorageFailure(error)) throw error;
        // The client went away mid-upload, or the body ended inside this file: the form is at
        // fault. Anything else is our own failure.
        const truncated = error instanceof Error && ENDS_INSIDE_PART.test(error.message);
        if (!request.raw.complete || truncated) {
          throw new Invalid(MALFORMED, undefined, 'malformed_multipart');
        }
        throw error;
      }
      saved.push({ store, key });
      files[part.fieldname] = key;
      // The parser stops a file at the server's upload limit without failing the stream.
      if (part.file.truncated) throw new TooLarge(OVER_UPLOAD_LIMIT);
    }
  } catch (error) {
    // A storage that fails may fail these too: the request's own error is the one to answer,
    // and what stays behind is an orphan that the maintenance sweep removes.
    await discardFiles().catch(() => undefined);
    throw error;
  }
  return { fields: { ...fields }, files: files as FormFiles<S>, discardFiles };
}
