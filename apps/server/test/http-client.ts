import http from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Starts the app on a free local port (for what `app.inject` cannot show: sockets, parsing). */
export async function listenLocally(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as net.AddressInfo).port;
}

export interface HttpAnswer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
  /** True when the request went over a connection an earlier request had used. */
  readonly reusedSocket: boolean;
}

export interface HttpCall {
  readonly method?: string;
  readonly path: string;
  readonly headers?: http.OutgoingHttpHeaders;
  readonly body?: Buffer;
}

/** One request through Node's own client and `agent` (which decides on keep-alive). */
export function request(agent: http.Agent, port: number, call: HttpCall): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: call.method ?? 'GET',
        path: call.path,
        headers: {
          ...call.headers,
          ...(call.body ? { 'content-length': call.body.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            reusedSocket: req.reusedSocket,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(call.body);
  });
}

/**
 * Writes raw bytes on a new connection and answers everything the server sent back until it
 * closed the connection: for requests Node's client refuses to send.
 */
export function rawExchange(port: number, bytes: Buffer | string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.end(bytes);
  });
}
