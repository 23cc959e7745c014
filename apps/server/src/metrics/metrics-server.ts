import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppMetrics } from './app-metrics';
import { bearerMatches } from './metrics.plugin';

export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * `/metrics` on a port of its own (METRICS_PORT), for a scraper on a network the app's port is
 * not: nothing else is served there. With METRICS_TOKEN set it asks for the token here too.
 */
export async function serveMetrics(
  metrics: AppMetrics,
  options: { readonly port: number; readonly host: string; readonly token: string | null },
): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (options.token !== null && !bearerMatches(request.headers.authorization, options.token)) {
      response
        .writeHead(401, {
          'content-type': 'text/plain; charset=utf-8',
          'www-authenticate': 'Bearer',
        })
        .end('A valid metrics token is required.\n');
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
