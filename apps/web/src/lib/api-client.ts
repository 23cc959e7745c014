import { isErrorCode, type ErrorCode } from '@cadenza/contract/error-code-list';
import type { FieldError } from '@cadenza/contract/envelope';
import type { HttpMethod } from '@cadenza/contract/route';
import { useAuthStore } from './auth-store';
import { reportRequestReached } from './network-status';

export const API_BASE_URL = '/api';

/** Any answer outside 200–299, or no answer at all (status 0). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's own `message`, when it sent one. */
  readonly serverMessage: string | null;
  readonly errors: FieldError[];
  /** The server's stable error code (docs/architecture.md §5), for screens that branch on the reason. */
  readonly code: ErrorCode | null;

  constructor(
    status: number,
    serverMessage: string | null,
    errors: FieldError[] = [],
    code: ErrorCode | null = null,
  ) {
    super(serverMessage ?? (status === 0 ? 'Network error' : `Request failed (${status})`));
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.errors = errors;
    this.code = code;
  }
}

/** The server's message when there is one, else the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

export interface RequestOptions {
  method?: HttpMethod;
  /** Plain values are sent as JSON; FormData goes out as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * False for calls where a 401 is an ordinary answer (wrong password, expired reset link,
   * logging out with a dead token) rather than a lost session.
   */
  redirectOnUnauthorized?: boolean;
  /** A bearer token other than the stored session's (the temporary one of a first login). */
  token?: string;
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler = () => {
  window.location.assign('/login');
};

/** The app registers how to reach /login (it knows the router and the current page). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  unauthorizedHandler = handler;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function readFieldErrors(payload: unknown): FieldError[] {
  if (!isRecord(payload) || !Array.isArray(payload.errors)) return [];
  return payload.errors.filter(
    (item): item is FieldError =>
      isRecord(item) && typeof item.field === 'string' && typeof item.message === 'string',
  );
}

const textEncoder = new TextEncoder();

/** Sends one call with the session's token; a network failure becomes an `ApiError` (status 0). */
async function send(url: string, options: RequestOptions): Promise<Response> {
  const { method = 'GET', body, signal, token } = options;
  const headers = authHeaders();
  if (token !== undefined) headers.set('Authorization', `Bearer ${token}`);

  let requestBody: BodyInit | undefined;
  if (body instanceof FormData) {
    requestBody = body;
  } else if (body !== undefined) {
    // Only with a body: Fastify rejects an empty body declared as JSON.
    headers.set('Content-Type', 'application/json');
    // As UTF-8 bytes: fetch takes them with less work on the page's thread than the same text
    // (a saved queue of 10,000 songs is 400 KB of JSON).
    requestBody = textEncoder.encode(JSON.stringify(body));
  }

  try {
    const response = await fetch(url, {
      method,
      headers,
      body: requestBody ?? null,
      signal: signal ?? null,
    });
    reportRequestReached(true);
    return response;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // The offline banner shows until a request is answered again (lib/network-status).
    reportRequestReached(false);
    throw new ApiError(0, null);
  }
}

/** A call to a whole URL (`/api/…`), its JSON answer typed by the caller. */
export async function requestJson<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(url, options);
  const payload = parseJson(await response.text().catch(() => ''));
  if (!response.ok) {
    throw failedAnswerError(response.status, payload, options.redirectOnUnauthorized);
  }
  return payload as T;
}

/** A file the API answers (a download) rather than JSON. */
export interface ApiFile {
  blob: Blob;
  headers: Headers;
}

/** A call to a whole URL (`/api/…`) that answers a file. */
export async function requestFile(url: string, options: RequestOptions = {}): Promise<ApiFile> {
  const response = await send(url, options);
  if (!response.ok) {
    const payload = parseJson(await response.text().catch(() => ''));
    throw failedAnswerError(response.status, payload, options.redirectOnUnauthorized);
  }
  return { blob: await response.blob(), headers: response.headers };
}

/** A call to a path under /api, its JSON answer typed by the caller. */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return requestJson<T>(`${API_BASE_URL}${path}`, options);
}

export function apiFileRequest(path: string, options: RequestOptions = {}): Promise<ApiFile> {
  return requestFile(`${API_BASE_URL}${path}`, options);
}

/** The headers every call sends: JSON answers wanted, the session's bearer token if any. */
export function authHeaders(): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  const token = useAuthStore.getState().token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** Reads an answer's body text as JSON; anything else (empty, HTML) is undefined. */
export function parseAnswer(text: string): unknown {
  return parseJson(text);
}

/**
 * The error for an answer outside 200–299, after the rule every call follows: a 401 ends the
 * session and goes to /login unless the call opted out.
 */
export function failedAnswerError(
  status: number,
  payload: unknown,
  redirectOnUnauthorized = true,
): ApiError {
  if (status === 401 && redirectOnUnauthorized) {
    useAuthStore.getState().clearSession();
    unauthorizedHandler();
  }
  const message =
    isRecord(payload) && typeof payload.message === 'string' && payload.message.trim()
      ? payload.message
      : null;
  const code = isRecord(payload) && isErrorCode(payload.code) ? payload.code : null;
  return new ApiError(status, message, readFieldErrors(payload), code);
}

type BodylessOptions = Omit<RequestOptions, 'method' | 'body'>;

export const apiClient = {
  get: <T>(path: string, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
  /** GET for a file: its bytes and the answer's headers (Content-Disposition, type). */
  getFile: (path: string, options?: BodylessOptions) =>
    apiFileRequest(path, { ...options, method: 'GET' }),
};
