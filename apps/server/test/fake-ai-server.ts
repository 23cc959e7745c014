import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: unknown;
}

/** What the fake service does with one request: answer JSON or raw text, or never answer. */
export type FakeAnswer =
  | { readonly status?: number; readonly json: unknown }
  | { readonly status?: number; readonly text: string }
  | 'hang';

export interface FakeAiServer {
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  readonly requests: RecordedRequest[];
  /** Decides each answer; replaces the previous handler and forgets recorded requests. */
  answerWith(handler: (request: RecordedRequest) => FakeAnswer): void;
  close(): Promise<void>;
}

/**
 * A local HTTP server standing in for a generative AI service: it records each request (path,
 * headers, parsed JSON body) and answers as the test says.
 */
export async function startFakeAiServer(): Promise<FakeAiServer> {
  const requests: RecordedRequest[] = [];
  let handler: (request: RecordedRequest) => FakeAnswer = () => ({ status: 500, text: 'unset' });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // Kept as text: the test sees exactly what arrived.
      }
      const recorded = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
      };
      requests.push(recorded);
      const answer = handler(recorded);
      if (answer === 'hang') return;
      const payload = 'json' in answer ? JSON.stringify(answer.json) : answer.text;
      res.writeHead(answer.status ?? 200, {
        'content-type': 'json' in answer ? 'application/json' : 'text/plain',
      });
      res.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    answerWith(next) {
      handler = next;
      requests.length = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
