import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import {
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import { SQLITE_READ_WORKER_SOURCE } from './sqlite-read-worker-source';

export interface SqliteReadWorkersOptions {
  /** The database file, opened read-only by each worker. */
  readonly file: string;
  /** How many threads (each one read at a time). */
  readonly workers: number;
  readonly busyTimeoutMs: number;
}

interface Pending {
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

interface ReadWorker {
  readonly thread: Worker;
  readonly pending: Map<number, Pending>;
}

interface Answer {
  readonly id: number;
  readonly rows?: unknown[];
  readonly error?: { message: string; code?: string };
}

/** A read worker's failure as an Error, with SQLite's code when it has one. */
function errorOf(failure: { message: string; code?: string }): Error {
  return Object.assign(new Error(failure.message), failure.code ? { code: failure.code } : {});
}

/**
 * A few threads, each with its own read-only connection to the SQLite file, that run reads sent
 * to them: better-sqlite3 runs a query on the thread that calls it, so a read that takes long
 * there holds every other request; here it holds only its worker. Each read goes to the worker
 * with the fewest reads waiting.
 */
export class SqliteReadWorkers {
  private readonly workers: ReadWorker[] = [];
  private nextId = 0;

  constructor(private readonly options: SqliteReadWorkersOptions) {}

  private start(): ReadWorker {
    const thread = new Worker(SQLITE_READ_WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        file: this.options.file,
        busyTimeoutMs: this.options.busyTimeoutMs,
      },
    });
    const worker: ReadWorker = { thread, pending: new Map() };
    thread.on('message', (answer: Answer) => {
      const waiting = worker.pending.get(answer.id);
      if (!waiting) return;
      worker.pending.delete(answer.id);
      if (answer.error) waiting.reject(errorOf(answer.error));
      else waiting.resolve(answer.rows ?? []);
    });
    const fail = (error: Error) => {
      const index = this.workers.indexOf(worker);
      if (index >= 0) this.workers.splice(index, 1);
      for (const waiting of worker.pending.values()) waiting.reject(error);
      worker.pending.clear();
    };
    thread.on('error', fail);
    thread.on('exit', (code) => fail(new Error(`A SQLite read worker stopped (${code})`)));
    // A worker waiting for reads never keeps the process alive by itself.
    thread.unref();
    return worker;
  }

  /** The worker with the fewest reads waiting, started when there are fewer than asked for. */
  private pick(): ReadWorker {
    const idle = this.workers.find((worker) => worker.pending.size === 0);
    if (idle) return idle;
    if (this.workers.length < this.options.workers) {
      const started = this.start();
      this.workers.push(started);
      return started;
    }
    return this.workers.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  }

  read(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    const worker = this.pick();
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      worker.pending.set(id, { resolve, reject });
      worker.thread.ref();
      worker.thread.postMessage({ id, sql, parameters });
    }).finally(() => {
      if (worker.pending.size === 0) worker.thread.unref();
    }) as Promise<unknown[]>;
  }

  /** Threads running now (started on the first read). */
  get size(): number {
    return this.workers.length;
  }

  async close(): Promise<void> {
    const workers = this.workers.splice(0);
    await Promise.all(workers.map((worker) => worker.thread.terminate()));
  }
}

class ReadWorkerConnection implements DatabaseConnection {
  constructor(private readonly workers: SqliteReadWorkers) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return { rows: (await this.workers.read(query.sql, query.parameters)) as R[] };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('SQLite read workers do not stream');
  }
}

class ReadWorkersDriver implements Driver {
  constructor(private readonly workers: SqliteReadWorkers) {}
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new ReadWorkerConnection(this.workers);
  }
  async beginTransaction(): Promise<void> {
    throw new Error('SQLite read workers run single reads, never a transaction');
  }
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {
    await this.workers.close();
  }
}

/** Kysely over SqliteReadWorkers: the SQL of SQLite, each query run on a read worker. */
export class SqliteReadWorkersDialect implements Dialect {
  constructor(private readonly workers: SqliteReadWorkers) {}
  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }
  createDriver(): Driver {
    return new ReadWorkersDriver(this.workers);
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
