/** What came back from a service: its status and parsed JSON, or why nothing usable came. */
export type CallAnswer =
  | { readonly ok: true; readonly status: number; readonly json: unknown }
  | { readonly ok: false; readonly status: number | null; readonly reason: string };

/**
 * One call to ListenBrainz or Last.fm, never longer than `timeoutMs`. Every failure (refused,
 * timed out, not JSON) is an answer, never a throw, so that the caller decides what it means.
 */
export async function callService(
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<CallAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return {
      ok: false,
      status: null,
      reason: timedOut ? `no answer within ${timeoutMs} ms` : 'unreachable',
    };
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    return { ok: false, status: response.status, reason: 'the answer broke off' };
  }
  try {
    return { ok: true, status: response.status, json: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, status: response.status, reason: `HTTP ${response.status}, not JSON` };
  }
}

/** The field `key` of a JSON object, if `value` is one. */
export function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[key]
    : undefined;
}
