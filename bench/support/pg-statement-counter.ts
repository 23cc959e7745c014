// A TCP relay between a server and PostgreSQL that counts the statements the server runs: every
// simple query ('Q') and every execution of an extended-protocol portal ('E'). The server under
// test needs no change: only its DATABASE_URL points here.
import net from 'node:net';

export interface StatementCounter {
  /** Port on 127.0.0.1 to use in place of PostgreSQL's. */
  readonly port: number;
  /** Statements relayed since the start. */
  statements(): number;
  close(): Promise<void>;
}

const MESSAGE_HEADER = 5;

/** Reads the client's side of the protocol: a startup packet, then typed messages. */
function countingParser(onStatement: () => void): (chunk: Buffer) => void {
  let pending: Buffer = Buffer.alloc(0);
  let started = false;
  return (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    for (;;) {
      if (!started) {
        // Startup, SSL and cancel requests: a length (including itself), no type byte.
        if (pending.length < 4) return;
        const length = pending.readInt32BE(0);
        if (pending.length < length) return;
        const code = pending.readInt32BE(4);
        pending = pending.subarray(length);
        // An SSL request (80877103) is refused by PostgreSQL here, and the real startup follows.
        if (code !== 80877103) started = true;
        continue;
      }
      if (pending.length < MESSAGE_HEADER) return;
      const length = pending.readInt32BE(1) + 1;
      if (pending.length < length) return;
      const type = String.fromCharCode(pending[0] ?? 0);
      if (type === 'Q' || type === 'E') onStatement();
      pending = pending.subarray(length);
    }
  };
}

export async function startStatementCounter(target: {
  host: string;
  port: number;
}): Promise<StatementCounter> {
  let statements = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const count = countingParser(() => (statements += 1));
    client.on('data', (chunk: Buffer) => {
      count(chunk);
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    statements: () => statements,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
