// Load generator for bench/node-capacity.ts, in its own process so that it shares no event loop
// (and, pinned, no core) with the server under test. Prints one JSON object on stdout.
//
//   requests:  `concurrency` connections each repeating GET `path` (closed loop) for `durationMs`
//              after `warmupMs`; answers requests/s, p50/p99 latency and errors. With `paths`
//              (a list), each request takes the next of them in turn instead: a mixed load.
//              With `pauseMs`, each connection waits that long after each answer: an app that
//              calls now and then rather than as fast as it can.
//   listeners: `concurrency` listeners each fetching `path` whole at `bytesPerSecond` (reading
//              no faster, as a player does), again and again; answers the bytes they received.
//
// Usage: node bench/support/http-load.mjs '<json options>'
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const options = JSON.parse(process.argv[2] ?? '{}');
for (const name of ['mode', 'port', 'concurrency', 'durationMs']) {
  if (options[name] === undefined) throw new Error(`missing option: ${name}`);
}
if (options.path === undefined && options.paths === undefined) {
  throw new Error('missing option: path (or paths)');
}
const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
const headers = options.headers ?? {};
const paths = Array.isArray(options.paths) && options.paths.length > 0 ? options.paths : null;
let nextPath = 0;

function get(onResponse) {
  const path = paths ? paths[nextPath++ % paths.length] : options.path;
  return http.get({ host: '127.0.0.1', port: options.port, path, headers, agent }, onResponse);
}

async function requests() {
  const latencies = [];
  let errors = 0;
  let measuring = false;
  let running = true;
  const one = () =>
    new Promise((/** @type {(value?: unknown) => void} */ resolve) => {
      const started = performance.now();
      const request = get((response) => {
        response.resume();
        response.on('end', () => {
          if (measuring) {
            if (response.statusCode === 200) latencies.push(performance.now() - started);
            else errors += 1;
          }
          resolve();
        });
      });
      request.on('error', () => {
        if (measuring) errors += 1;
        resolve();
      });
    });
  const pause = () => new Promise((resolve) => setTimeout(resolve, options.pauseMs));
  const loops = Array.from({ length: options.concurrency }, async () => {
    while (running) {
      await one();
      if (options.pauseMs && running) await pause();
    }
  });
  await new Promise((resolve) => setTimeout(resolve, options.warmupMs ?? 0));
  measuring = true;
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, options.durationMs));
  measuring = false;
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await Promise.all(loops);
  latencies.sort((a, b) => a - b);
  const at = (share) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))];
  return {
    requests: latencies.length,
    requestsPerSecond: latencies.length / seconds,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    errors,
  };
}

async function listeners() {
  let bytes = 0;
  let errors = 0;
  let running = true;
  const rate = options.bytesPerSecond;
  const listen = () =>
    new Promise((/** @type {(value?: unknown) => void} */ resolve) => {
      const started = performance.now();
      let received = 0;
      const request = get((response) => {
        if (response.statusCode !== 200 && response.statusCode !== 206) errors += 1;
        response.on('data', (chunk) => {
          received += chunk.length;
          bytes += chunk.length;
          // Read no faster than the listener's bit rate: the server sees a slow client.
          const ahead = (received / rate) * 1000 - (performance.now() - started);
          if (ahead > 5) {
            response.pause();
            setTimeout(() => response.resume(), ahead);
          }
          if (!running) response.destroy();
        });
        response.on('end', resolve);
        response.on('close', resolve);
      });
      request.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  const loops = Array.from({ length: options.concurrency }, async () => {
    while (running) await listen();
  });
  await new Promise((resolve) => setTimeout(resolve, options.durationMs));
  running = false;
  await Promise.race([Promise.all(loops), new Promise((resolve) => setTimeout(resolve, 2000))]);
  return { bytes, errors };
}

const result = options.mode === 'requests' ? await requests() : await listeners();
agent.destroy();
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
