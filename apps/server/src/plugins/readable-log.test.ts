import { describe, expect, it } from 'vitest';
import { readableLogLine, readableLogStream } from './readable-log';

/** The log on a terminal: what each JSON line looks like to a person. */

const at = new Date(2026, 11, 1, 12, 4, 5).getTime();
const line = (entry: Record<string, unknown>) =>
  JSON.stringify({ level: 30, time: at, pid: 7, hostname: 'box', ...entry });

describe('readableLogLine', () => {
  it('shows the time, the level and the message, then what else the entry says', () => {
    expect(readableLogLine(line({ msg: 'metrics served on their own port', port: 9464 }))).toBe(
      '12:04:05 INFO  metrics served on their own port port=9464',
    );
    expect(
      readableLogLine(
        line({ level: 40, msg: 'podcast cover not kept', reason: 'too big, really' }),
      ),
    ).toBe('12:04:05 WARN  podcast cover not kept reason="too big, really"');
  });

  it("reads a request's line as method, path, status and time, with its id", () => {
    expect(
      readableLogLine(
        line({
          reqId: 'edge-1',
          msg: 'request completed',
          req: { method: 'GET', url: '/api/general/songs?limit=5', remoteAddress: '127.0.0.1' },
          res: { statusCode: 200 },
          responseTime: 12.4,
        }),
      ),
    ).toBe('12:04:05 INFO  GET /api/general/songs?limit=5 200 12 ms reqId=edge-1');
  });

  it("puts an error's stack under its line, and colours warnings and errors on a terminal", () => {
    const text = readableLogLine(
      line({
        level: 50,
        msg: 'shutdown failed',
        err: { message: 'boom', stack: 'Error: boom\n    at main (main.ts:1:1)' },
      }),
      true,
    );
    expect(text).toBe(
      '12:04:05 \u001b[31mERROR\u001b[0m shutdown failed\n  Error: boom\n      at main (main.ts:1:1)',
    );
  });

  it('passes a line that is not JSON as it is', () => {
    expect(readableLogLine('not json\n')).toBe('not json');
  });
});

describe('readableLogStream', () => {
  it('writes each entry on its own line, in colour only on a terminal', () => {
    const written: string[] = [];
    const out = { write: (text: string) => written.push(text) !== 0, isTTY: false };
    readableLogStream(out as unknown as NodeJS.WritableStream).write(
      line({ level: 50, msg: 'failed' }),
    );
    expect(written).toEqual(['12:04:05 ERROR failed\n']);
  });
});
