import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolConnections } from '../db/database';

/** Seconds: from a quick API call to a long upload. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const SCAN_STATES = [
  'seen',
  'added',
  'updated',
  'moved',
  'removed',
  'unchanged',
  'errorCount',
] as const;

/** Where the figures `watch` reads come from. */
export interface WatchedSources {
  readonly transcodes: {
    readonly busy: number;
    readonly queued: number;
    readonly granted: number;
    readonly refused: number;
  };
  readonly scan: () => Readonly<
    Record<(typeof SCAN_STATES)[number], number> & { readonly running: boolean }
  >;
  readonly pool: (() => PoolConnections) | undefined;
}

/**
 * What this server node tells Prometheus: its requests by route and status (count and duration),
 * the audio it sends (streams and downloads under way, bytes sent), transcodes, the library
 * scan, the database pool, and the process's own figures (memory, CPU, event-loop lag,
 * handles), each with the `cadenza_` prefix. One per app: a test's servers never share counts.
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
   * Figures read from their owners each time Prometheus asks: transcodes (running, waiting,
   * given a slot and turned away since start), the library scan under way or last finished on
   * this node, and the database pool's connections (PostgreSQL; SQLite has none).
   */
  watch(sources: WatchedSources): void {
    const { transcodes, scan, pool } = sources;
    const registers = [this.registry];
    new Gauge({
      name: 'cadenza_transcodes',
      help: 'Transcodes running, and requests waiting for a slot, now',
      labelNames: ['state'] as const,
      registers,
      collect() {
        this.set({ state: 'running' }, transcodes.busy);
        this.set({ state: 'waiting' }, transcodes.queued);
      },
    });
    new Counter({
      name: 'cadenza_transcodes_total',
      help: 'Transcodes started, and requests turned away because every slot was busy',
      labelNames: ['outcome'] as const,
      registers,
      collect() {
        this.reset();
        this.inc({ outcome: 'started' }, transcodes.granted);
        this.inc({ outcome: 'refused' }, transcodes.refused);
      },
    });
    new Gauge({
      name: 'cadenza_library_scan_running',
      help: 'Whether a scan of the music folders runs on this node (1) or not (0)',
      registers,
      collect() {
        this.set(scan().running ? 1 : 0);
      },
    });
    new Gauge({
      name: 'cadenza_library_scan_files',
      help: 'Files of the scan under way, or of the last one: seen, and what became of them',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const status = scan();
        for (const state of SCAN_STATES) this.set({ state }, status[state]);
      },
    });
    if (pool) {
      new Gauge({
        name: 'cadenza_db_pool_connections',
        help: 'Database connections of the request pool: open, idle, and callers waiting for one',
        labelNames: ['state'] as const,
        registers,
        collect() {
          const now = pool();
          this.set({ state: 'open' }, now.open);
          this.set({ state: 'idle' }, now.idle);
          this.set({ state: 'waiting' }, now.waiting);
        },
      });
    }
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
