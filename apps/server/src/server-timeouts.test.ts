import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp3Bytes } from '../test/media-bytes';
import { createSong } from '../test/songs';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * The HTTP timeouts on a real listening server, shortened from minutes to seconds so that the
 * test takes seconds: slow-loris connections are closed, a slow but live listener is not.
 */
const TIMEOUTS = {
  HEADERS_TIMEOUT_S: '1',
  REQUEST_TIMEOUT_S: '2',
  IDLE_TIMEOUT_S: '2',
  KEEP_ALIVE_TIMEOUT_S: '1',
};
/** Past every timeout above, with room for the server's periodic check. */
const LONGER_THAN_EVERY_TIMEOUT_MS = 3500;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ env: TIMEOUTS });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface Outcome {
  /** What the server sent before closing (a 408, or nothing). */
  readonly received: string;
}

/**
 * Opens a connection that sends `start`, then one more byte of `trickle` (if any) at every
 * tick, and never finishes its request; resolves when the server closes it.
 */
function slowLoris(start: string, trickle?: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let sent = 0;
    let ticker: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.once('connect', () => {
      if (start) socket.write(start);
      if (trickle === undefined) return;
      ticker = setInterval(() => {
        if (!socket.writable) return;
        socket.write(trickle[sent % trickle.length] ?? 'x');
        sent += 1;
      }, 250);
    });
    socket.on('error', () => undefined); // a reset is a close too
    socket.once('close', () => {
      clearInterval(ticker);
      resolve({ received });
    });
  });
}

describe('HTTP timeouts', () => {
  it('closes 50 slow-loris connections, whether they trickle headers, a body or nothing', async () => {
    const headers = Array.from({ length: 20 }, () =>
      slowLoris('GET /api/health HTTP/1.1\r\nHost: cadenza.test\r\n', 'X-Slow: yes\r\n'),
    );
    const bodies = Array.from({ length: 20 }, () =>
      slowLoris(
        [
          'POST /api/auth/login HTTP/1.1',
          'Host: cadenza.test',
          'Content-Type: application/json',
          'Content-Length: 100000',
          '',
          '{"email":"',
        ].join('\r\n'),
        'a',
      ),
    );
    const silent = Array.from({ length: 10 }, () => slowLoris(''));
    const outcomes = await Promise.all([...headers, ...bodies, ...silent]);
    expect(outcomes).toHaveLength(50);
    for (const { received } of outcomes) {
      // Closed by the server, at most after telling the client its request timed out.
      expect(received === '' || received.startsWith('HTTP/1.1 408')).toBe(true);
    }
    // And the server still answers everyone else.
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });

  it('closes a kept-alive connection that stays idle after its response', async () => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.write('GET /api/health HTTP/1.1\r\nHost: cadenza.test\r\n\r\n');
    await new Promise((resolve) => socket.once('close', resolve));
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('does not cut a slow but live listener of a long media response', async () => {
    const audio = mp3Bytes(24 * 1024 * 1024);
    const { song } = await createSong(t, { audio });
    const started = Date.now();

    const download = await new Promise<{ bytes: number; inFlightAfterTimeouts: boolean }>(
      (resolve, reject) => {
        const request = http.get(`http://127.0.0.1:${port}${song.audioFile}`, (res) => {
          let bytes = 0;
          let inFlightAfterTimeouts = false;
          let slow = true;
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            if (!slow) return;
            if (Date.now() - started > LONGER_THAN_EVERY_TIMEOUT_MS) {
              // Still receiving long after every timeout would have fired: read the rest at speed.
              slow = false;
              inFlightAfterTimeouts = bytes < audio.length;
              return;
            }
            // A listener on a slow link: a chunk, a pause, a chunk.
            res.pause();
            setTimeout(() => res.resume(), 100);
          });
          res.once('end', () => resolve({ bytes, inFlightAfterTimeouts }));
          res.once('aborted', () => reject(new Error(`cut after ${bytes} bytes`)));
          res.once('error', reject);
        });
        request.once('error', reject);
      },
    );

    expect(download.inFlightAfterTimeouts).toBe(true);
    expect(download.bytes).toBe(audio.length);
  });
});
