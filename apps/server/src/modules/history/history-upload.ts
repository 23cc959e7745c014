import type { FastifyRequest } from 'fastify';
import { Invalid, TooLarge } from '../../errors';

const NOT_A_FORM =
  'Send the history file as the "file" field of a multipart form (multipart/form-data).';

/**
 * The bytes of the form's `file` field, counted as they arrive: a file over `maxBytes` is
 * refused as soon as it passes the limit, before the rest is read.
 */
export async function readHistoryUpload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<Buffer> {
  if (!request.isMultipart()) throw new Invalid(NOT_A_FORM, undefined, 'malformed_multipart');
  let part;
  try {
    part = await request.file({ limits: { fileSize: maxBytes + 1, files: 1 } });
  } catch {
    throw new Invalid(
      'The form data is malformed or incomplete.',
      undefined,
      'malformed_multipart',
    );
  }
  if (!part || part.fieldname !== 'file')
    throw new Invalid(NOT_A_FORM, undefined, 'malformed_multipart');
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge(maxBytes);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof TooLarge) {
      part.file.destroy();
      throw error;
    }
    throw new Invalid(
      'The form data is malformed or incomplete.',
      undefined,
      'malformed_multipart',
    );
  }
  if (part.file.truncated) throw tooLarge(maxBytes);
  return Buffer.concat(chunks);
}

function tooLarge(maxBytes: number): TooLarge {
  const mb = Math.round((maxBytes / (1024 * 1024)) * 100) / 100;
  return new TooLarge(
    `The history file is larger than ${mb} MB. Send the service's files one at a time.`,
    'history_file_too_large',
  );
}
