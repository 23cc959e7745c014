import { vi } from 'vitest';

/**
 * The one hand-made stand-in left: an XMLHttpRequest whose upload progress a test reports step by
 * step. The fake API (MSW) answers uploads too, but reports their progress only all at once,
 * just before its answer, so "50 %, then capped at 90 until the server answers" needs this.
 */
export class FakeXhr {
  static requests: FakeXhr[] = [];

  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open() {}
  setRequestHeader() {}
  send() {
    FakeXhr.requests.push(this);
  }
  abort() {
    this.onabort?.();
  }

  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  /** The connection failed before any answer (what a browser reports as a network error). */
  fail() {
    this.onerror?.();
  }
  respond(status: number, body?: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }
}

/** Installs FakeXhr for one test instead of the fake API's XMLHttpRequest. */
export function installFakeXhr(): void {
  FakeXhr.requests = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

/** The latest request, once it has been sent. */
export function lastXhr(): FakeXhr {
  const request = FakeXhr.requests.at(-1);
  if (!request) throw new Error('no XMLHttpRequest was sent');
  return request;
}
