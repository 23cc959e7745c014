/**
 * The log as a person reads it on a terminal: one line per entry, `12:04:05 INFO  message`, then
 * what the entry carries as `name=value`; a request's line reads `GET /api/x 200 12 ms`, an
 * error's stack follows on its own lines. Entries arrive as the JSON lines the log writes
 * everywhere else, secrets already redacted.
 */

const LEVELS: Readonly<Record<number, string>> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const COLOURS: Readonly<Record<number, string>> = { 40: '33', 50: '31', 60: '31' };
/** What every line has, or what is shown in another form. */
const SHOWN_APART = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'req', 'res', 'err']);

interface Entry {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [name: string]: unknown;
}

function valueText(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

/** One JSON log line as a person reads it (the line itself when it is not JSON). */
export function readableLogLine(json: string, colour = false): string {
  let entry: Entry;
  try {
    entry = JSON.parse(json) as Entry;
  } catch {
    return json.trimEnd();
  }
  const level = entry.level ?? 30;
  const time = new Date(entry.time ?? Date.now()).toTimeString().slice(0, 8);
  let name = (LEVELS[level] ?? String(level)).padEnd(5);
  if (colour && COLOURS[level]) name = `\u001b[${COLOURS[level]}m${name}\u001b[0m`;
  const parts = [time, name];
  if (entry.req?.method && entry.req.url) {
    parts.push(entry.req.method, entry.req.url);
    if (entry.res?.statusCode !== undefined) parts.push(String(entry.res.statusCode));
    if (typeof entry.responseTime === 'number') parts.push(`${Math.round(entry.responseTime)} ms`);
    if (entry.msg && entry.msg !== 'request completed') parts.push(`(${entry.msg})`);
  } else if (entry.msg) {
    parts.push(entry.msg);
  }
  for (const [key, value] of Object.entries(entry)) {
    if (SHOWN_APART.has(key) || key === 'responseTime' || value === undefined) continue;
    parts.push(`${key}=${valueText(value)}`);
  }
  const line = parts.join(' ');
  const stack = entry.err?.stack ?? entry.err?.message;
  return stack ? `${line}\n  ${stack.split('\n').join('\n  ')}` : line;
}

/** A destination for the log that writes each entry readably to `out`. */
export function readableLogStream(out: NodeJS.WritableStream & { isTTY?: boolean }): {
  write(line: string): void;
} {
  return { write: (line) => void out.write(`${readableLogLine(line, out.isTTY === true)}\n`) };
}
