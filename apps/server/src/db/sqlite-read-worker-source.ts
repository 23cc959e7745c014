/**
 * The code of one SQLite read worker (a worker_threads thread, started with `eval`): a read-only
 * better-sqlite3 connection to the database file that runs each SQL text it is sent and answers
 * its rows, so that a long read runs beside the server's thread, not on it. It refuses anything
 * but a read. Plain CommonJS, so that it runs the same from the sources and from the build.
 */
export const SQLITE_READ_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = ' + Number(workerData.busyTimeoutMs));
const statements = new Map();
parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    if (!statement.reader) throw new Error('Only reads run on a read worker');
    parentPort.postMessage({ id, rows: statement.all(parameters) });
  } catch (error) {
    parentPort.postMessage({
      id,
      error: { message: String(error && error.message), code: error && error.code },
    });
  }
});
`;
