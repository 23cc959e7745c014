import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors';
import { freePort } from '../../test/postgres-cluster';

const withCode = (code: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error('failed'), { code, ...extra });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a fast shutdown ending the session (57P01)', withCode('57P01')],
    ['a server starting up or shutting down (57P03)', withCode('57P03')],
    ['a connection exception (08006)', withCode('08006')],
    ['too many connections (53300)', withCode('53300')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    ['a pool that waited too long', new Error('timeout exceeded when trying to connect')],
    [
      'a client whose connection failed',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['a statement over statement_timeout (57014)', withCode('57014')],
    ['a server that did not answer within query_timeout', new Error('Query read timeout')],
    [
      'a connection abandoned after an unanswered query',
      new Error('Connection abandoned after a query went unanswered; it is not queryable'),
    ],
    ['a reset socket', withCode('ECONNRESET', { syscall: 'read' })],
    ['SQLite locked by another process', withCode('SQLITE_BUSY')],
    ['SQLite busy with an extended code', withCode('SQLITE_BUSY_SNAPSHOT')],
    ['a locked SQLite table', withCode('SQLITE_LOCKED')],
    ['a wrapped cause', new Error('query failed', { cause: withCode('57P01') })],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a SQLite constraint', withCode('SQLITE_CONSTRAINT_UNIQUE')],
    // A browser hanging up mid-upload: the request stream's error has no syscall.
    ['a client that hung up', withCode('ECONNRESET')],
    ['a plain error', new Error('boom')],
    ['a string', 'ECONNREFUSED'],
    ['null', null],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('is true for the error of connecting to a port where nothing listens', async () => {
    const port = await freePort();
    const error = await new Promise<Error>((resolve) => {
      net.connect(port, '127.0.0.1').once('error', resolve);
    });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
