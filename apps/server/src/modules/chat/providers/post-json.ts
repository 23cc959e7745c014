import { ProviderFailure } from './chat-provider';

export interface JsonRequest {
  /** Names the provider in failure messages; the URL and headers (with the key) never appear there. */
  readonly provider: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: unknown;
  readonly timeoutMs: number;
}

/** POSTs JSON and returns the parsed answer; every kind of failure becomes a ProviderFailure. */
export async function postJson(request: JsonRequest): Promise<unknown> {
  const { provider, timeoutMs } = request;
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...request.headers },
      body: JSON.stringify(request.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new ProviderFailure(
      timedOut ? `${provider} did not answer within ${timeoutMs} ms` : `${provider} is unreachable`,
    );
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new ProviderFailure(`${provider} answered HTTP ${response.status}`);
  }
  try {
    return await response.json();
  } catch {
    throw new ProviderFailure(`${provider} answered something other than JSON`);
  }
}
