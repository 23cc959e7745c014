import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { freePort } from './postgres-cluster';

/** `redis-server` from PATH, or null when it is not installed. */
export function findRedisServer(): string | null {
  return (
    (process.env.PATH ?? '')
      .split(path.delimiter)
      .map((dir) => path.join(dir, 'redis-server'))
      .find((file) => fs.existsSync(file)) ?? null
  );
}

/** A Redis of the test's own, on its own port, that the test may kill and start again. */
export interface RedisServer {
  readonly url: string;
  /** Ends it at once (SIGKILL), as a crash or a lost host would; resolves once it is gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty; resolves once it answers. */
  start(): Promise<void>;
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startRedisServer(binary: string): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', ''], {
      stdio: 'ignore',
    });
    child = started;
    // Polled: redis-server prints nothing a test could wait for without parsing its log.
    for (;;) {
      if (started.exitCode !== null) throw new Error(`redis-server exited (${started.exitCode})`);
      if (await answers(port)) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    async kill() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
}
