/**
 * Runs `callback` once the browser is idle, or after `timeoutMs` at the latest (a timer where
 * the browser has no idle callbacks). Answers a cancel.
 */
export function whenIdle(callback: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(callback, timeoutMs);
  return () => clearTimeout(id);
}
