import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedGet, guardedText, type GuardedGetOptions } from './guarded-get';

/** A server on loopback answering each path as the internet's worst would. */
let server: http.Server;
let base: string;
const open = new Set<http.ServerResponse>();

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/ok') return response.end('hello');
    if (path === '/loop-a') return response.writeHead(302, { location: '/loop-b' }).end();
    if (path === '/loop-b') return response.writeHead(301, { location: `${base}/loop-a` }).end();
    const hop = /^\/hop\/(\d+)$/.exec(path);
    if (hop) {
      const n = Number(hop[1]);
      return n === 0
        ? response.end('arrived')
        : response.writeHead(307, { location: `/hop/${n - 1}` }).end();
    }
    if (path === '/missing') return response.writeHead(404).end();
    if (path === '/declared-huge') {
      return response.writeHead(200, { 'content-length': String(50_000_000) }).end();
    }
    if (path === '/endless') {
      const chunk = Buffer.alloc(64 * 1024, 97);
      const write = () => {
        while (response.write(chunk));
        response.once('drain', write);
      };
      return write();
    }
    if (path === '/never-finishes') {
      open.add(response);
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      const drip = setInterval(() => response.write(' '), 50);
      response.once('close', () => clearInterval(drip));
      return;
    }
    if (path === '/silent') {
      open.add(response);
      return;
    }
    if (path === '/to-file')
      return response.writeHead(302, { location: 'file:///etc/passwd' }).end();
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const response of open) response.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const home: GuardedGetOptions = {
  allowPrivate: true,
  maxBytes: 1_000_000,
  deadlineMs: 1500,
  idleMs: 1000,
};

const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no refusal',
    (error: Error) => `${error.name}: ${error.message}`,
  );

describe('guardedGet', () => {
  it('fetches an answer and says where it came from', async () => {
    const answer = await guardedGet(`${base}/hop/2`, home);
    expect(answer.url).toBe(`${base}/hop/0`);
    answer.body.destroy();
    expect(await guardedText(`${base}/ok`, home)).toBe('hello');
  });

  it('refuses loopback and private addresses unless allowed, by address and by name', async () => {
    const internet = { ...home, allowPrivate: false };
    expect(await reasonOf(guardedText(`${base}/ok`, internet))).toBe(
      'OutboundRefused: 127.0.0.1 is on a private or local network, which this server does not call',
    );
    const port = new URL(base).port;
    expect(await reasonOf(guardedText(`http://localhost:${port}/ok`, internet))).toMatch(
      /^OutboundRefused: localhost is on a private or local network/,
    );
    expect(await reasonOf(guardedText(`http://[::ffff:7f00:1]:${port}/ok`, internet))).toMatch(
      /private or local network/,
    );
  });

  it('refuses a redirect loop, too many redirects and a redirect out of http', async () => {
    expect(await reasonOf(guardedText(`${base}/loop-a`, home))).toBe(
      'OutboundRefused: the address redirects in a loop',
    );
    expect(await reasonOf(guardedText(`${base}/hop/9`, home))).toBe(
      'OutboundRefused: too many redirects',
    );
    expect(await reasonOf(guardedText(`${base}/to-file`, home))).toBe(
      'OutboundRefused: only http and https addresses can be fetched',
    );
  });

  it('refuses answers larger than allowed, declared or streamed', async () => {
    expect(await reasonOf(guardedText(`${base}/declared-huge`, home))).toBe(
      'OutboundRefused: the answer is larger than 1 MB',
    );
    expect(await reasonOf(guardedText(`${base}/endless`, home))).toBe(
      'OutboundRefused: the answer is larger than 1 MB',
    );
  });

  it('gives up an answer that never finishes', async () => {
    expect(await reasonOf(guardedText(`${base}/never-finishes`, home))).toBe(
      'OutboundRefused: the answer took longer than 2 s',
    );
  });

  it('gives up a server that never answers', async () => {
    expect(await reasonOf(guardedText(`${base}/silent`, home))).toBe(
      'OutboundRefused: no answer within 1 s',
    );
  });

  it('names an error status and a malformed address', async () => {
    expect(await reasonOf(guardedText(`${base}/missing`, home))).toBe(
      'OutboundRefused: the server answered HTTP 404',
    );
    expect(await reasonOf(guardedText('not a url', home))).toBe(
      'OutboundRefused: the address is not a valid URL',
    );
    expect(await reasonOf(guardedText('ftp://example.com/feed', home))).toBe(
      'OutboundRefused: only http and https addresses can be fetched',
    );
  });
});
