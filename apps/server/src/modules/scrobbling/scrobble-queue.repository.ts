import type { Kysely } from 'kysely';
import type { ScrobbleTarget } from '@cadenza/contract/scrobbling';
import type { Database } from '../../db/schema';
import { newId } from '../../ids';
import type { QueuedListen, TrackFacts } from './scrobbling-records';

/** The listens still to send, one row per listen and service. */
export class ScrobbleQueueRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Queues one listen for each service named, due at once. */
  async add(
    userId: string,
    services: readonly ScrobbleTarget[],
    track: TrackFacts,
    listenedAt: number,
  ): Promise<void> {
    if (services.length === 0) return;
    await this.db
      .insertInto('scrobble_queue')
      .values(
        services.map((service) => ({
          id: newId(),
          user_id: userId,
          service,
          artist: track.artist,
          track: track.track,
          album: track.album,
          duration_seconds: Math.round(track.durationSeconds),
          listened_at: listenedAt,
          next_attempt_at: listenedAt,
        })),
      )
      .execute();
  }

  /** How many listens wait for each of the user's services. */
  async waiting(userId: string): Promise<Map<ScrobbleTarget, number>> {
    const rows = await this.db
      .selectFrom('scrobble_queue')
      .select(['service', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('user_id', '=', userId)
      .groupBy('service')
      .execute();
    return new Map(rows.map((row) => [row.service as ScrobbleTarget, Number(row.count)]));
  }

  /**
   * Claims up to `limit` listens that are due, whose link is connected and that no other node
   * holds, for `leaseMs`. Each row is taken by a conditional update, so that of two nodes
   * claiming at once only one gets it; `claim` names this round's rows.
   */
  async claimDue(
    now: number,
    limit: number,
    leaseMs: number,
    claim: string,
  ): Promise<QueuedListen[]> {
    const candidates = await this.db
      .selectFrom('scrobble_queue as q')
      .innerJoin('scrobble_links as l', (join) =>
        join.onRef('l.user_id', '=', 'q.user_id').onRef('l.service', '=', 'q.service'),
      )
      .select('q.id')
      .where('l.state', '=', 'connected')
      .where('q.next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('q.claimed_until', 'is', null), eb('q.claimed_until', '<', now)]))
      .orderBy('q.next_attempt_at')
      .orderBy('q.id')
      .limit(limit)
      .execute();
    if (candidates.length === 0) return [];
    await this.db
      .updateTable('scrobble_queue')
      .set({ claim, claimed_until: now + leaseMs })
      .where(
        'id',
        'in',
        candidates.map((row) => row.id),
      )
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .execute();
    const rows = await this.db
      .selectFrom('scrobble_queue as q')
      .innerJoin('scrobble_links as l', (join) =>
        join.onRef('l.user_id', '=', 'q.user_id').onRef('l.service', '=', 'q.service'),
      )
      .select([
        'q.id',
        'q.user_id',
        'q.service',
        'q.artist',
        'q.track',
        'q.album',
        'q.duration_seconds',
        'q.listened_at',
        'q.attempts',
        'l.credential',
      ])
      .where('q.claim', '=', claim)
      .orderBy('q.listened_at')
      .orderBy('q.id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      service: row.service as ScrobbleTarget,
      artist: row.artist,
      track: row.track,
      album: row.album,
      durationSeconds: row.duration_seconds,
      listenedAt: Number(row.listened_at),
      attempts: row.attempts,
      credential: row.credential,
    }));
  }

  /** The service took it. */
  async remove(id: string, claim: string): Promise<void> {
    await this.db
      .deleteFrom('scrobble_queue')
      .where('id', '=', id)
      .where('claim', '=', claim)
      .execute();
  }

  /** Tried and failed: let go, to be tried again at `nextAttemptAt`. */
  async retryLater(
    id: string,
    claim: string,
    attempts: number,
    nextAttemptAt: number,
  ): Promise<void> {
    await this.db
      .updateTable('scrobble_queue')
      .set({ attempts, next_attempt_at: nextAttemptAt, claim: null, claimed_until: null })
      .where('id', '=', id)
      .where('claim', '=', claim)
      .execute();
  }

  /** Not tried after all (its link was refused meanwhile): let go as it was. */
  async release(id: string, claim: string): Promise<void> {
    await this.db
      .updateTable('scrobble_queue')
      .set({ claim: null, claimed_until: null })
      .where('id', '=', id)
      .where('claim', '=', claim)
      .execute();
  }
}
