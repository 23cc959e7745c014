// Times single GET requests for a benchmark from its own process, so that the client's work
// (sockets, HTTP parsing) shares no event loop with the server under test, as no real client
// does. One kept-alive connection, as a listener's app has; a request's time runs to the last
// byte of its answer.
//
// Usage: fork this file; send { id, url, headers }; it answers { id, ms, status, body } (body
// as text), or { id, error }.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** Answers the benchmark that forked this process. */
const answer = (message) => process.send?.(message);

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

process.on('message', ({ id, url, headers }) => {
  const started = performance.now();
  http
    .get(url, { agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', (error) => answer({ id, error: String(error) }));
      res.on('end', () => {
        const ms = performance.now() - started;
        answer({ id, ms, status: res.statusCode, body: Buffer.concat(chunks).toString() });
      });
    })
    .on('error', (error) => answer({ id, error: String(error) }));
});
process.on('disconnect', () => {
  agent.destroy();
  process.exit(0);
});
