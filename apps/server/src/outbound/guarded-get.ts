import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Transform, type Readable } from 'node:stream';
import { isPrivateAddress } from './private-addresses';

/** Why a fetch from the internet was given up: a reason fit to show the administrator. */
export class OutboundRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'OutboundRefused';
  }
}

export interface GuardedGetOptions {
  /** Lets addresses of this machine and the local networks through (a home server's choice). */
  readonly allowPrivate: boolean;
  /** More bytes than this give the answer up. */
  readonly maxBytes: number;
  /** The longest the whole answer may take, from the first connection to its last byte. */
  readonly deadlineMs: number;
  /** The longest wait for a connection or for the next bytes. */
  readonly idleMs: number;
  readonly accept?: string;
}

export interface GuardedAnswer {
  /** Where the answer came from, after redirects. */
  readonly url: string;
  readonly contentType: string | null;
  readonly contentLength: number | null;
  /** The body, failing with `OutboundRefused` past `maxBytes` or the deadline. */
  readonly body: Readable;
}

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function parseTarget(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundRefused('the address is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRefused('only http and https addresses can be fetched');
  }
  if (url.username !== '' || url.password !== '') {
    throw new OutboundRefused('addresses with a user name or password are not fetched');
  }
  return url;
}

const privateRefusal = (host: string) =>
  new OutboundRefused(`${host} is on a private or local network, which this server does not call`);

/**
 * A DNS lookup that answers only addresses the server may call, so that the check and the
 * connection use the same address (a name cannot resolve to a public address for the check and
 * a private one for the connection).
 */
function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family }, (error, addresses) => {
      if (error) {
        callback(new OutboundRefused(`${hostname} could not be found`), '', 0);
        return;
      }
      const allowed = addresses.filter(
        (address) => allowPrivate || !isPrivateAddress(address.address),
      );
      const first = allowed[0];
      if (!first) {
        callback(privateRefusal(hostname), '', 0);
        return;
      }
      if ((options as { all?: boolean }).all) {
        (callback as unknown as (e: null, all: dns.LookupAddress[]) => void)(null, allowed);
      } else {
        callback(null, first.address, first.family);
      }
    });
  };
}

/** One request, without following redirects; resolves once the status line is in. */
function requestOnce(
  url: URL,
  options: GuardedGetOptions,
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  const host = hostOf(url);
  if (net.isIP(host) !== 0 && !options.allowPrivate && isPrivateAddress(host)) {
    return Promise.reject(privateRefusal(host));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, {
      lookup: guardedLookup(options.allowPrivate),
      agent: false,
      headers: {
        accept: options.accept ?? '*/*',
        'user-agent': 'Cadenza (podcast fetcher)',
      },
      signal,
      timeout: options.idleMs,
    });
    request.once('response', resolve);
    request.once('timeout', () =>
      request.destroy(new OutboundRefused(`no answer within ${options.idleMs / 1000} s`)),
    );
    request.on('error', (error) => {
      if (error instanceof OutboundRefused) reject(error);
      else if (signal.aborted) reject(signal.reason as Error);
      else reject(new OutboundRefused(`the server could not be reached (${error.message})`));
    });
  });
}

/** Counts the bytes through it and fails past `maxBytes`. */
function byteLimit(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) {
        done(new OutboundRefused(`the answer is larger than ${Math.round(maxBytes / 1e6)} MB`));
      } else {
        done(null, chunk);
      }
    },
  });
}

/**
 * GET from the internet on behalf of the server (a podcast feed, an episode): http(s) only, every
 * hop's address checked (no private or local ones unless allowed), at most five redirects and
 * never one twice, a deadline for the whole answer and a cap on its size. Every way it can fail
 * is an `OutboundRefused` with its reason; nothing waits past the deadline.
 */
export async function guardedGet(text: string, options: GuardedGetOptions): Promise<GuardedAnswer> {
  const deadline = new AbortController();
  const timer = setTimeout(
    () =>
      deadline.abort(
        new OutboundRefused(
          `the answer took longer than ${Math.round(options.deadlineMs / 1000)} s`,
        ),
      ),
    options.deadlineMs,
  );
  timer.unref();
  const visited = new Set<string>();
  let url = parseTarget(text);
  try {
    for (;;) {
      visited.add(url.href);
      const response = await requestOnce(url, options, deadline.signal);
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        response.resume();
        const location = response.headers.location;
        if (!location) throw new OutboundRefused(`HTTP ${status} without a Location`);
        const next = parseTarget(new URL(location, url).href);
        if (visited.has(next.href)) throw new OutboundRefused('the address redirects in a loop');
        if (visited.size > MAX_REDIRECTS) throw new OutboundRefused('too many redirects');
        url = next;
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw new OutboundRefused(`the server answered HTTP ${status}`);
      }
      const length = Number(response.headers['content-length']);
      const contentLength = Number.isSafeInteger(length) && length >= 0 ? length : null;
      if (contentLength !== null && contentLength > options.maxBytes) {
        response.destroy();
        throw new OutboundRefused(
          `the answer is larger than ${Math.round(options.maxBytes / 1e6)} MB`,
        );
      }
      const body = response.pipe(byteLimit(options.maxBytes));
      response.on('error', (error) =>
        body.destroy(
          error instanceof OutboundRefused ? error : new OutboundRefused('the answer broke off'),
        ),
      );
      response.once('close', () => {
        if (!response.complete) body.destroy(new OutboundRefused('the answer broke off'));
      });
      body.once('close', () => clearTimeout(timer));
      deadline.signal.addEventListener('abort', () => {
        body.destroy(deadline.signal.reason as Error);
      });
      return {
        url: url.href,
        contentType: response.headers['content-type'] ?? null,
        contentLength,
        body,
      };
    }
  } catch (error) {
    clearTimeout(timer);
    throw error;
  }
}

/** The whole answer as text (a feed): `guardedGet` read to its end. */
export async function guardedText(text: string, options: GuardedGetOptions): Promise<string> {
  const answer = await guardedGet(text, options);
  const chunks: Buffer[] = [];
  for await (const chunk of answer.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
