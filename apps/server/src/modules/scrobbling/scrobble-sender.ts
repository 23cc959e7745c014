import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../ids';
import type { LastFmClient } from './lastfm-client';
import type { LastFmSettingsService } from './lastfm-settings.service';
import type { ListenBrainzClient } from './listenbrainz-client';
import type { ScrobbleLinksRepository } from './scrobble-links.repository';
import type { ScrobbleQueueRepository } from './scrobble-queue.repository';
import type { QueuedListen, SendOutcome } from './scrobbling-records';

/** Listens claimed per round. */
const BATCH = 20;
/**
 * How long a node holds the listens it claimed. Longer than a round of calls can take (each call
 * is bounded by SCROBBLE_TIMEOUT_S); a node that died meanwhile lets go when it runs out.
 */
const LEASE_MS = 10 * 60_000;
/** The wait after the first failure, doubled after each next one, up to `LONGEST_WAIT_MS`. */
export const FIRST_RETRY_MS = 30_000;
export const LONGEST_WAIT_MS = 6 * 60 * 60_000;
/** How often a running node looks for listens due (besides right after one is queued). */
export const SEND_INTERVAL_MS = 30_000;

export function retryDelayMs(failures: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), LONGEST_WAIT_MS);
}

export interface ScrobbleSenderDeps {
  readonly queue: ScrobbleQueueRepository;
  readonly links: ScrobbleLinksRepository;
  readonly listenBrainz: ListenBrainzClient;
  readonly lastFm: LastFmClient;
  readonly lastFmSettings: LastFmSettingsService;
  readonly clock: () => Date;
  readonly log: FastifyBaseLogger;
}

/**
 * Sends the queued listens, in the background of whichever server nodes run it: each round claims
 * the listens due (so that no two nodes send the same one), calls the service, and then deletes
 * the listen, schedules it again later (exponential backoff), or marks its link as refused. A
 * request never waits for it; a service that is down only makes the queue wait.
 */
export class ScrobbleSender {
  private chain: Promise<number> = Promise.resolve(0);
  /** The drain that waits for the one under way, if any. */
  private waiting: Promise<number> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Not started (tests drain by hand), or stopped: `nudge` does nothing. */
  private stopped = true;
  /** Stopping: the drain under way ends after the listens it holds. */
  private stopping = false;

  constructor(private readonly deps: ScrobbleSenderDeps) {}

  /**
   * Sends everything due now, after the drain under way; answers how many listens went. Calls
   * made while a drain waits to start share it, so that a burst of plays is one drain, not many.
   */
  drain(): Promise<number> {
    if (this.waiting) return this.waiting;
    const run = () => {
      this.waiting = null;
      return this.rounds();
    };
    const next = this.chain.then(run, run);
    this.waiting = next;
    this.chain = next.catch(() => 0);
    return next;
  }

  /** Runs rounds every `intervalMs`, and soon after `nudge`; the timer keeps no process alive. */
  start(intervalMs = SEND_INTERVAL_MS): void {
    this.stopped = false;
    this.stopping = false;
    this.timer = setInterval(() => this.nudge(), intervalMs);
    this.timer.unref();
    this.nudge();
  }

  /** A listen was queued: a started sender sends it now rather than at its next tick. */
  nudge(): void {
    if (this.stopped) return;
    this.drain().catch((error: unknown) =>
      this.deps.log.warn({ err: error }, 'scrobbling: a round of sending failed'),
    );
  }

  /** Stops the timer and waits for the listens being sent (the rest stay queued). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.chain;
  }

  private async rounds(): Promise<number> {
    let sent = 0;
    // A service that failed once is not called again until the next drain: a service that hangs
    // costs one timeout, however many listens wait for it.
    const failing = new Set<string>();
    while (!this.stopping) {
      const claim = newId();
      const now = this.deps.clock().getTime();
      const listens = await this.deps.queue.claimDue(now, BATCH, LEASE_MS, claim);
      if (listens.length === 0) break;
      for (const listen of listens) {
        const outcome: SendOutcome = failing.has(listen.service)
          ? { kind: 'retry', reason: 'it failed earlier in this drain' }
          : await this.send(listen);
        if (outcome.kind === 'retry') failing.add(listen.service);
        if (await this.settle(listen, claim, outcome)) sent += 1;
      }
    }
    return sent;
  }

  /** Acts on what the service made of the listen; true when it took it. */
  private async settle(
    listen: QueuedListen,
    claim: string,
    outcome: SendOutcome,
  ): Promise<boolean> {
    const { queue, links, log } = this.deps;
    const now = this.deps.clock();
    switch (outcome.kind) {
      case 'sent':
        await queue.remove(listen.id, claim);
        return true;
      case 'rejected':
        log.warn(
          { service: listen.service, reason: outcome.reason },
          'scrobbling: a listen was refused for good',
        );
        await queue.remove(listen.id, claim);
        return false;
      case 'reconnect':
        log.info(
          { service: listen.service, reason: outcome.reason },
          'scrobbling: a link must be made again',
        );
        await links.markReconnect(listen.userId, listen.service, listen.credential, now);
        await queue.release(listen.id, claim);
        return false;
      case 'retry': {
        const attempts = listen.attempts + 1;
        log.info(
          { service: listen.service, reason: outcome.reason, attempts },
          'scrobbling: a listen waits to be sent again',
        );
        await queue.retryLater(listen.id, claim, attempts, now.getTime() + retryDelayMs(attempts));
        return false;
      }
    }
  }

  private async send(listen: QueuedListen): Promise<SendOutcome> {
    if (listen.service === 'listenbrainz') return this.deps.listenBrainz.listen(listen);
    const app = await this.deps.lastFmSettings.application();
    if (!app) return { kind: 'retry', reason: 'the Last.fm API key and secret are not set' };
    return this.deps.lastFm.scrobble(app, listen);
  }
}
