/**
 * A song's bytes at its signed media address (served by the server, or a redirect to the object
 * store, which must then answer CORS). Not an API call: no route, no token, no error vocabulary;
 * a failure only means the song plays on the audio element instead of being decoded.
 */
export async function fetchMedia(url: string, largestBytes: number): Promise<ArrayBuffer> {
  // Never from the HTTP cache: the audio element may have fetched the same bucket URL first,
  // without an Origin, and the bucket's answer to that, kept without CORS headers, would fail
  // this read.
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`The audio answered ${response.status}`);
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > largestBytes) {
    await response.body?.cancel();
    throw new Error('The audio file is too large to decode');
  }
  return response.arrayBuffer();
}
