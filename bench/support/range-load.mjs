// Load generator for bench/streaming.mjs, run in its own process so that it shares no event loop
// with the server under test. It keeps `concurrency` byte-range GETs in flight against one URL on
// a loopback address, warms up, measures for a fixed time, and prints one JSON object on stdout.
//
// Usage: node bench/support/range-load.mjs '<json options>' (see `parseOptions`).
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const SEQUENCE_LENGTH = 1 << 16;
const MAX_ERROR_SAMPLES = 5;
/** Time allowed for the requests still in flight when the measurement ends. */
const DRAIN_MS = 15_000;

function parseOptions(text) {
  const options = JSON.parse(text);
  const required = [
    'host',
    'port',
    'path',
    'fileSize',
    'windowBytes',
    'seed',
    'concurrency',
    'warmupMs',
    'durationMs',
    'requestTimeoutMs',
  ];
  for (const name of required) {
    if (options[name] === undefined) throw new Error(`missing option: ${name}`);
  }
  if (options.host !== '127.0.0.1' && options.host !== '::1' && options.host !== 'localhost') {
    throw new Error(`refusing to load a non-loopback host: ${options.host}`);
  }
  return options;
}

/** A small seeded PRNG (mulberry32): the same seed gives the same range sequence. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random windows aligned to `windowBytes`, the last one clamped to the end of the file. */
function rangeSequence({ fileSize, windowBytes, seed, length = SEQUENCE_LENGTH }) {
  const windowCount = Math.ceil(fileSize / windowBytes);
  const random = seededRandom(seed);
  return Array.from({ length }, () => {
    const start = Math.floor(random() * windowCount) * windowBytes;
    return { start, end: Math.min(start + windowBytes, fileSize) - 1 };
  });
}

function percentile(sorted, fraction) {
  if (sorted.length === 0) return null;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

/** One GET with a Range header; resolves with null when the answer is right, else a reason. */
function fetchRange(agent, options, { start, end }) {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (problem) => {
      if (settled) return;
      settled = true;
      resolve(problem);
    };
    const request = http.request(
      {
        host: options.host,
        port: options.port,
        path: options.path,
        agent,
        headers: { range: `bytes=${start}-${end}` },
        timeout: options.requestTimeoutMs,
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk) => {
          bytes += chunk.length;
        });
        response.on('error', (error) => settle(`response error: ${error.message}`));
        response.on('end', () => {
          const expectedRange = `bytes ${start}-${end}/${options.fileSize}`;
          const expectedBytes = end - start + 1;
          if (response.statusCode !== 206) {
            settle(`status ${response.statusCode} for bytes=${start}-${end}`);
          } else if (response.headers['content-range'] !== expectedRange) {
            settle(`content-range "${response.headers['content-range']}", not "${expectedRange}"`);
          } else if (bytes !== expectedBytes) {
            settle(`${bytes} body bytes for bytes=${start}-${end}, not ${expectedBytes}`);
          } else {
            settle(null);
          }
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('request timed out')));
    request.on('error', (error) => settle(`request error: ${error.message}`));
    request.end();
  });
}

async function runLoad(options) {
  const sequence = rangeSequence(options);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latenciesMs = [];
  const errorSamples = [];
  let errors = 0;
  let requests = 0;
  let measuredRequests = 0;
  let measuredBytes = 0;
  let next = 0;

  const startedAt = performance.now();
  const measureFrom = startedAt + options.warmupMs;
  const measureUntil = measureFrom + options.durationMs;

  // Each worker keeps one request in flight; a completion inside the window is measured.
  const worker = async () => {
    while (performance.now() < measureUntil) {
      const range = sequence[next++ % sequence.length];
      const sentAt = performance.now();
      const problem = await fetchRange(agent, options, range);
      const doneAt = performance.now();
      requests += 1;
      if (problem) {
        errors += 1;
        if (errorSamples.length < MAX_ERROR_SAMPLES) errorSamples.push(problem);
        continue;
      }
      if (doneAt >= measureFrom && doneAt < measureUntil) {
        measuredRequests += 1;
        measuredBytes += range.end - range.start + 1;
        latenciesMs.push(doneAt - sentAt);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  agent.destroy();

  const seconds = options.durationMs / 1000;
  latenciesMs.sort((a, b) => a - b);
  return {
    requests,
    errors,
    errorSamples,
    measuredRequests,
    measuredBytes,
    requestsPerSecond: measuredRequests / seconds,
    mibPerSecond: measuredBytes / (1024 * 1024) / seconds,
    p50Ms: percentile(latenciesMs, 0.5),
    p99Ms: percentile(latenciesMs, 0.99),
    maxMs: latenciesMs.at(-1) ?? null,
  };
}

const options = parseOptions(process.argv[2] ?? '');
const deadline = setTimeout(
  () => {
    console.error('range-load: requests did not finish in time');
    process.exit(2);
  },
  options.warmupMs + options.durationMs + DRAIN_MS,
);
const result = await runLoad(options);
clearTimeout(deadline);
process.stdout.write(`${JSON.stringify(result)}\n`);
