import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SubsonicCaller } from './subsonic-auth';
import type { SubsonicParams } from './subsonic-params';
import type { SubsonicPayload } from './subsonic-response';

/** One call of an endpoint that needs a signed-in listener. */
export interface SubsonicCall {
  readonly params: SubsonicParams;
  readonly caller: SubsonicCaller;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

/** What a media endpoint answers once it sent a file on the reply itself. */
export const FILE_SENT = Symbol('file sent');

/** The elements of an "ok" answer, or FILE_SENT. */
export type SubsonicAnswer = SubsonicPayload | typeof FILE_SENT;

/**
 * An endpoint of /rest: who may call it and what it answers. `open` ones answer without signing
 * in; `admin` ones only administrators (code 50 for anyone else).
 */
export type SubsonicEndpoint =
  | { readonly access: 'open'; handle(params: SubsonicParams): Promise<SubsonicPayload> }
  | {
      readonly access: 'user' | 'admin';
      /** A fetch of media (a stream, a download, a cover): counted under the media limits. */
      readonly media?: true;
      handle(call: SubsonicCall): Promise<SubsonicAnswer>;
    };

/** Endpoints by name, as clients call them (`getAlbum`, also as `getAlbum.view`). */
export type SubsonicEndpoints = Readonly<Record<string, SubsonicEndpoint>>;

export const OK: SubsonicPayload = {};

export function forListeners(
  handle: (call: SubsonicCall) => Promise<SubsonicAnswer>,
): SubsonicEndpoint {
  return { access: 'user', handle };
}

/** A listener's fetch of media, sent on the reply (FILE_SENT) or answered as an error. */
export function mediaForListeners(
  handle: (call: SubsonicCall) => Promise<SubsonicAnswer>,
): SubsonicEndpoint {
  return { access: 'user', media: true, handle };
}

export function forAdmins(
  handle: (call: SubsonicCall) => Promise<SubsonicAnswer>,
): SubsonicEndpoint {
  return { access: 'admin', handle };
}

export function forAnyone(
  handle: (params: SubsonicParams) => Promise<SubsonicPayload>,
): SubsonicEndpoint {
  return { access: 'open', handle };
}
