// Slow listeners for bench/streaming.mjs --mode slow, run in its own process. Each listener plays
// the file like a browser's <audio> does (`Range: bytes=0-`) but reads it no faster than a
// stream's bitrate: when it has read its allowance it pauses, so the server's socket fills and it
// has to hold or wait. A listener that reaches the end starts again on the same connection.
// Prints one JSON object on stdout.
//
// Usage: node bench/support/slow-load.mjs '<json options>' (see `parseOptions`).
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const TICK_MS = 100;
const MAX_ERROR_SAMPLES = 5;
/** The listeners start spread over this time, not all in the same millisecond. */
const RAMP_MS = 1_000;

function parseOptions(text) {
  const options = JSON.parse(text);
  for (const name of [
    'host',
    'port',
    'path',
    'fileSize',
    'listeners',
    'bytesPerSecond',
    'durationMs',
    'requestTimeoutMs',
  ]) {
    if (options[name] === undefined) throw new Error(`missing option: ${name}`);
  }
  if (options.host !== '127.0.0.1' && options.host !== '::1' && options.host !== 'localhost') {
    throw new Error(`refusing to load a non-loopback host: ${options.host}`);
  }
  return options;
}

async function runLoad(options) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.listeners });
  const startedAt = performance.now();
  const until = startedAt + options.durationMs;
  const errorSamples = [];
  let errors = 0;
  let bytes = 0;
  let plays = 0;
  let completePlays = 0;

  const fail = (problem) => {
    errors += 1;
    if (errorSamples.length < MAX_ERROR_SAMPLES) errorSamples.push(problem);
  };

  /** One listener: an allowance that grows with time, a response paused whenever it is spent. */
  const listener = async (index) => {
    await new Promise((resolve) => setTimeout(resolve, (index * RAMP_MS) / options.listeners));
    const listenerStart = performance.now();
    let read = 0;
    const allowance = () => ((performance.now() - listenerStart) / 1000) * options.bytesPerSecond;
    while (performance.now() < until) {
      plays += 1;
      const problem = await new Promise((resolve) => {
        let received = 0;
        let timer = null;
        let settled = false;
        const settle = (result) => {
          if (settled) return;
          settled = true;
          clearInterval(timer);
          resolve(result);
        };
        const request = http.get(
          {
            host: options.host,
            port: options.port,
            path: options.path,
            agent,
            headers: { range: 'bytes=0-' },
          },
          (response) => {
            if (response.statusCode !== 206) {
              response.resume();
              settle(`status ${response.statusCode}`);
              return;
            }
            timer = setInterval(() => {
              if (performance.now() >= until) {
                // The measured time is over: leave without reading the rest.
                request.destroy();
                settle(null);
              } else if (response.isPaused() && read < allowance()) {
                response.resume();
              }
            }, TICK_MS);
            response.on('data', (chunk) => {
              received += chunk.length;
              read += chunk.length;
              if (performance.now() < until) bytes += chunk.length;
              if (read >= allowance()) response.pause();
            });
            response.on('end', () => {
              if (received === options.fileSize) {
                completePlays += 1;
                settle(null);
              } else settle(`${received} bytes, not ${options.fileSize}`);
            });
            response.on('error', () => settle(performance.now() >= until ? null : 'aborted'));
          },
        );
        request.on('error', (error) =>
          settle(performance.now() >= until ? null : `request error: ${error.message}`),
        );
      });
      if (problem) {
        fail(problem);
        break;
      }
    }
  };
  await Promise.all(Array.from({ length: options.listeners }, (_, index) => listener(index)));
  agent.destroy();
  const seconds = (performance.now() - startedAt) / 1000;
  return { bytes, seconds, plays, completePlays, errors, errorSamples };
}

const options = parseOptions(process.argv[2] ?? '');
const deadline = setTimeout(() => {
  console.error('slow-load: listeners did not finish in time');
  process.exit(2);
}, options.durationMs + options.requestTimeoutMs);
const result = await runLoad(options);
clearTimeout(deadline);
process.stdout.write(`${JSON.stringify(result)}\n`);
