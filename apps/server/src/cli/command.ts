/** One of `cadenza`'s commands: `cadenza NAME ARGS…`. */
export interface Command {
  readonly name: string;
  /** One line for `cadenza help`. */
  readonly summary: string;
  /** What `cadenza NAME --help` prints: how to call it, and its options. */
  readonly usage: string;
  /** The exit code: 0 when the work is done, 1 when it could not be, 2 for a wrong call. */
  run(args: readonly string[]): Promise<number>;
}

/** A call the command cannot take (an unknown option, a missing argument): exit code 2. */
export class UsageError extends Error {}

/** What commands print: results on stdout, progress and problems on stderr. */
export const say = (line = ''): void => void process.stdout.write(`${line}\n`);
export const warn = (line = ''): void => void process.stderr.write(`${line}\n`);
