import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * Hears the writes to some tables, whoever makes them: a statement writing one of them begins
 * a change (`began`), which ends when it commits or rolls back (`ended`: at its transaction's
 * end, or right after it when it runs alone). Each `began` is followed by one `ended`, whose
 * promise the write waits for before it is reported done to its caller.
 */
export interface TableWrites {
  began(): void;
  /**
   * What to run in the transaction of a change just before it commits (a statement alone is
   * then run in a transaction of its own with it), so that it takes effect with the commit and
   * never with a rollback; null for nothing.
   */
  atCommit?(): CommitNotice | null;
  ended(): Promise<void>;
}

/** A statement that takes effect with the commit of the transaction it runs in. */
export interface CommitNotice {
  readonly statement: CompiledQuery;
  /** The transaction committed: waited for before the write is reported done. */
  committed(): Promise<void>;
  /** The transaction did not commit (or may not have). */
  dropped(): void;
}

/** `insert into "songs"`, `update "albums"`, `delete from "artists"`, … as Kysely writes them. */
function writesTo(tables: readonly string[]): RegExp {
  const names = tables.join('|');
  return new RegExp(
    `^\\s*(?:with\\b[\\s\\S]*?)?(?:insert\\s+(?:or\\s+\\w+\\s+)?into|update|delete\\s+from|replace\\s+into)\\s+(?:"?\\w+"?\\.)?"?(?:${names})"?(?:\\s|\\(|$)`,
    'i',
  );
}

/** Which tables are watched. */
export interface WatchedTables {
  readonly tables: readonly string[];
}

interface ConnectionState {
  readonly inner: DatabaseConnection;
  inTransaction: boolean;
  /** The transaction under way wrote a watched table: its end ends a change. */
  changed: boolean;
}

/** `dialect` with every write to the watched `tables` told to `writes`. */
export function watchTableWrites(
  dialect: Dialect,
  tables: WatchedTables,
  writes: TableWrites,
): Dialect {
  const pattern = writesTo(tables.tables);
  const isWrite = (query: CompiledQuery) =>
    query.query.kind !== 'SelectQueryNode' && pattern.test(query.sql);
  const states = new WeakMap<DatabaseConnection, ConnectionState>();
  const stateOf = (connection: DatabaseConnection): ConnectionState => {
    const state = states.get(connection);
    if (!state) throw new Error('A connection that this driver did not give out');
    return state;
  };
  const endOf = async (state: ConnectionState) => {
    const changed = state.changed;
    state.inTransaction = false;
    state.changed = false;
    if (changed) await writes.ended();
  };

  /** Runs `query` and `notice` in one transaction: the notice takes effect with the write. */
  async function alongside<R>(
    driver: Driver,
    inner: DatabaseConnection,
    query: CompiledQuery,
    notice: CommitNotice,
  ): Promise<QueryResult<R>> {
    let result: QueryResult<R>;
    await driver.beginTransaction(inner, {});
    try {
      result = await inner.executeQuery<R>(query);
      await inner.executeQuery(notice.statement);
      await driver.commitTransaction(inner);
    } catch (error) {
      notice.dropped();
      await driver.rollbackTransaction(inner).catch(() => undefined);
      throw error;
    }
    await notice.committed();
    return result;
  }

  function watched(driver: Driver, inner: DatabaseConnection): DatabaseConnection {
    const state: ConnectionState = { inner, inTransaction: false, changed: false };
    const outer: DatabaseConnection = {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        if (!isWrite(query)) return inner.executeQuery<R>(query);
        if (state.inTransaction) {
          if (!state.changed) writes.began();
          state.changed = true;
          return inner.executeQuery<R>(query);
        }
        writes.began();
        try {
          const notice = writes.atCommit?.() ?? null;
          return notice
            ? await alongside(driver, inner, query, notice)
            : await inner.executeQuery<R>(query);
        } finally {
          await writes.ended();
        }
      },
      streamQuery: (query, chunkSize) => inner.streamQuery(query, chunkSize),
    };
    states.set(outer, state);
    return outer;
  }

  function driverOf(inner: Driver): Driver {
    return {
      init: () => inner.init(),
      async acquireConnection() {
        return watched(inner, await inner.acquireConnection());
      },
      async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
        const state = stateOf(connection);
        await inner.beginTransaction(state.inner, settings);
        state.inTransaction = true;
      },
      async commitTransaction(connection: DatabaseConnection) {
        const state = stateOf(connection);
        try {
          const notice = state.changed ? (writes.atCommit?.() ?? null) : null;
          try {
            if (notice) await state.inner.executeQuery(notice.statement);
            await inner.commitTransaction(state.inner);
          } catch (error) {
            notice?.dropped();
            throw error;
          }
          await notice?.committed();
        } finally {
          await endOf(state);
        }
      },
      async rollbackTransaction(connection: DatabaseConnection) {
        const state = stateOf(connection);
        try {
          await inner.rollbackTransaction(state.inner);
        } finally {
          await endOf(state);
        }
      },
      ...(inner.savepoint
        ? {
            savepoint: (connection, name, compile) =>
              inner.savepoint!(stateOf(connection).inner, name, compile),
          }
        : {}),
      ...(inner.rollbackToSavepoint
        ? {
            rollbackToSavepoint: (connection, name, compile) =>
              inner.rollbackToSavepoint!(stateOf(connection).inner, name, compile),
          }
        : {}),
      ...(inner.releaseSavepoint
        ? {
            releaseSavepoint: (connection, name, compile) =>
              inner.releaseSavepoint!(stateOf(connection).inner, name, compile),
          }
        : {}),
      releaseConnection: (connection) => inner.releaseConnection(stateOf(connection).inner),
      destroy: () => inner.destroy(),
    };
  }

  return {
    createDriver: () => driverOf(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
