import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: from a quick API call to a long upload. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * What this server node tells Prometheus: its requests by route and status (count and duration),
 * the audio it sends (streams and downloads under way, bytes sent), and the process's own figures (memory, CPU, event-loop lag, handles), each with the `cadenza_`
 * prefix. One per app: a test's servers never share counts.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'cadenza_http_requests_total',
    help: 'Requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly durations = new Histogram({
    name: 'cadenza_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  /** Audio being sent right now (streams and downloads), by kind. */
  readonly mediaActive = new Gauge({
    name: 'cadenza_media_active',
    help: 'Audio streams and downloads being sent right now',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  /** Bytes of audio sent, by kind. */
  readonly mediaBytes = new Counter({
    name: 'cadenza_media_bytes_sent_total',
    help: 'Bytes of audio sent in streams and downloads',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'cadenza_' });
  }

  /**
   * One answered request. `route` is the route's pattern (`/api/user/songs/:id`), never the path
   * itself, so that ids never become labels; a path no route matched counts as `unmatched`.
   */
  observeRequest(method: string, route: string | undefined, status: number, seconds: number) {
    const labels = { method, route: route ?? 'unmatched', status: String(status) };
    this.requests.inc(labels);
    this.durations.observe(labels, seconds);
  }

  /** The Prometheus text format of everything above. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
