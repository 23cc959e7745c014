import type { HttpMethod, Multipart, Route } from '@cadenza/contract/route';
import { API_BASE_URL, ApiError, authHeaders, failedAnswerError, parseAnswer } from './api-client';
import { urlOf, type AnswerOf, type CallInput } from './route-call';

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** Bytes of the whole request body (0 when the browser cannot tell). */
  total: number;
}

export interface UploadOptions {
  method?: HttpMethod;
  /** Called as the body goes out; fetch cannot report this, XMLHttpRequest can. */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * A multipart request that reports how many bytes were sent. Same rules as `apiClient`: the
 * session's bearer token, the server's message in an `ApiError`, and a 401 ends the session.
 */
export function uploadWithProgress<T>(
  path: string,
  body: FormData,
  options: UploadOptions = {},
): Promise<T> {
  return uploadToUrl<T>(`${API_BASE_URL}${path}`, body, options);
}

/** What an upload to route R sends: its path's parameters and the form, and progress reports. */
export type UploadInput<R> = CallInput<R> & Omit<UploadOptions, 'method'>;

/** An upload to a multipart route declared in the contract, its answer typed from it. */
export function uploadTo<R extends Route & { readonly types?: { readonly body: Multipart } }>(
  route: R,
  input: UploadInput<R>,
): Promise<AnswerOf<R>> {
  const {
    params,
    body,
    onProgress,
    signal,
  }: { params?: Record<string, string>; body?: unknown } & UploadOptions = input;
  if (!(body instanceof FormData)) throw new TypeError(`${route.path} takes a multipart form`);
  return uploadToUrl<AnswerOf<R>>(urlOf(route, { params }), body, {
    method: route.method,
    onProgress,
    signal,
  });
}

function uploadToUrl<T>(
  url: string,
  body: FormData,
  { method = 'POST', onProgress, signal }: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    authHeaders().forEach((value, name) => request.setRequestHeader(name, value));

    if (onProgress) {
      request.upload.onprogress = (event: ProgressEvent) => {
        onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
      };
    }
    request.onload = () => {
      const payload = parseAnswer(request.responseText);
      if (request.status >= 200 && request.status < 300) resolve(payload as T);
      else reject(failedAnswerError(request.status, payload));
    };
    request.onerror = () => reject(new ApiError(0, null));
    request.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));

    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was aborted', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => request.abort(), { once: true });
    }
    request.send(body);
  });
}
