import net from 'node:net';

/** What a server answered on a raw connection. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** The server closed the connection (or reset it) after answering. */
  readonly closed: boolean;
}

export interface RawRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

/** Gives up on an answer after this long: a hang must fail the test, not stall the run. */
const NO_ANSWER_AFTER_MS = 20_000;
const WRITE_CHUNK_BYTES = 64 * 1024;

function parseAnswer(bytes: Buffer): { answer: Omit<RawAnswer, 'closed'>; length: number } | null {
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const [statusLine = '', ...lines] = bytes.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? Number.NaN);
  if (!Number.isInteger(length)) throw new Error(`an answer without a length: ${statusLine}`);
  const bodyStart = headEnd + 4;
  if (bytes.length < bodyStart + length) return null;
  return {
    answer: {
      status: Number(statusLine.split(' ')[1]),
      headers,
      body: bytes.subarray(bodyStart, bodyStart + length).toString('utf8'),
    },
    length: bodyStart + length,
  };
}

/**
 * One HTTP/1.1 connection used the way browsers use it for an upload: the whole request body is
 * sent before the answer counts, so a server that stops reading a body it has refused (without
 * closing the connection) leaves the request without an answer, as it would in Chromium.
 */
export class BrowserLikeConnection {
  private received = Buffer.alloc(0);
  private ended = false;
  private failure: Error | null = null;
  private readonly waiters = new Set<() => void>();

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake();
    });
    socket.on('close', () => {
      this.ended = true;
      this.wake();
    });
    socket.on('error', (error) => {
      this.failure = error;
      this.wake();
    });
  }

  static open(port: number): Promise<BrowserLikeConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(new BrowserLikeConnection(socket)));
      socket.once('error', reject);
    });
  }

  get isOpen(): boolean {
    return !this.ended && !this.socket.destroyed;
  }

  private wake(): void {
    for (const waiter of this.waiters) waiter();
  }

  /** Resolves when `done` holds, checked after each event of the connection. */
  private until(done: () => boolean, what: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!done()) return;
        cleanup();
        resolve();
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no ${what} within ${NO_ANSWER_AFTER_MS} ms`));
      }, NO_ANSWER_AFTER_MS);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  /** Writes the whole request; settles once every byte is handed over or the connection broke. */
  private async write(request: RawRequest): Promise<void> {
    const head =
      `${request.method} ${request.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n` +
      Object.entries({ ...request.headers, 'content-length': String(request.body.length) })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      '\r\n';
    const chunks: Buffer[] = [Buffer.from(head, 'latin1')];
    for (let offset = 0; offset < request.body.length; offset += WRITE_CHUNK_BYTES) {
      chunks.push(request.body.subarray(offset, offset + WRITE_CHUNK_BYTES));
    }
    let flushed = false;
    for (const [index, chunk] of chunks.entries()) {
      if (!this.isOpen || this.failure) return;
      const last = index === chunks.length - 1;
      const more = this.socket.write(chunk, last ? () => (flushed = true) : undefined);
      if (!more && !last) {
        let drained = false;
        this.socket.once('drain', () => {
          drained = true;
          this.wake();
        });
        await this.until(() => drained || !this.isOpen || this.failure !== null, 'progress');
      }
    }
    const done = () => flushed || !this.isOpen || this.failure !== null;
    this.socket.once('drain', () => this.wake());
    await this.until(done, 'end of the upload');
  }

  /** Sends a request, body and all, then reads its answer. */
  async send(request: RawRequest): Promise<RawAnswer> {
    await this.write(request);
    let parsed: ReturnType<typeof parseAnswer> = null;
    await this.until(() => {
      parsed = parseAnswer(this.received);
      return parsed !== null || !this.isOpen;
    }, 'answer');
    const answer = parsed as ReturnType<typeof parseAnswer>;
    if (!answer) throw new Error('the connection closed without an answer');
    this.received = this.received.subarray(answer.length);
    return { ...answer.answer, closed: !this.isOpen || this.failure !== null };
  }

  close(): void {
    this.socket.destroy();
  }
}
