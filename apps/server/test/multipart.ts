import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export interface FormFile {
  readonly filename: string;
  readonly contentType: string;
  readonly content: Buffer;
}

/** A multipart/form-data body for `app.inject`, parts in the given order; a list repeats a field. */
export function multipartBody(parts: Record<string, string | readonly string[] | FormFile>): {
  payload: Buffer;
  headers: { 'content-type': string };
} {
  const boundary = `----cadenza${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  const entries: Array<readonly [string, string | FormFile]> = Object.entries(parts).flatMap(
    ([name, value]) =>
      typeof value === 'string' || !Array.isArray(value)
        ? [[name, value as string | FormFile] as const]
        : value.map((item: string) => [name, item] as const),
  );
  for (const [name, value] of entries) {
    if (typeof value === 'string') {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
        Buffer.from(value),
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\n` +
            `Content-Type: ${value.contentType}\r\n\r\n`,
        ),
        value.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Sends `parts` as a multipart form through `app.inject`, with the caller's headers. */
export function injectForm(
  app: FastifyInstance,
  request: { method: 'POST' | 'PUT' | 'PATCH'; url: string; headers?: Record<string, string> },
  parts: Record<string, string | readonly string[] | FormFile>,
) {
  const { payload, headers } = multipartBody(parts);
  return app.inject({ ...request, headers: { ...request.headers, ...headers }, payload });
}
