import type { StreamingQuality } from '@cadenza/contract/streaming-quality';
import type { Role } from '@cadenza/contract/auth';
import type { Broadcast } from '../../broadcast';
import type { SessionChange, SessionInvalidation } from '../../domain/session-changes';
import { LruCache } from '../../storage/lru-cache';

/** What checking a session needs to know of its user. */
export interface SessionFacts {
  readonly role: Role;
  readonly tokenVersion: number;
  /** The password is a temporary one: the session may only replace it. */
  readonly passwordChangeRequired: boolean;
  /** The richest stream the account may have (its own limit; `original` for none). */
  readonly streamingQualityLimit: StreamingQuality;
}

/** How a node tells the others of a session change, and whether it hears theirs now. */
export type SessionBroadcast = Broadcast<SessionChange>;

/** How long a session's facts are trusted without reading them again. */
export const SESSION_FACTS_TTL_MS = 30_000;
/** Users and sessions remembered at most; the least recently seen are forgotten first. */
const ENTRIES = 10_000;

/**
 * The facts of recent sessions (their user's role and token version, and that the session was
 * not logged out), so that a request with a known session costs no database read. Trusted only
 * while every change reaches this cache at once: on one node (`alone`), or while the broadcast
 * of the nodes (Redis, or PostgreSQL's NOTIFY) is listening. Otherwise nothing is remembered and
 * every request reads.
 */
export class SessionCache implements SessionInvalidation {
  private readonly users = new LruCache<string, { facts: SessionFacts; until: number }>(ENTRIES);
  /** Sessions known not to be logged out, until when. */
  private readonly liveTokens = new LruCache<string, number>(ENTRIES);
  /** Counts the changes heard: a read begun before one must not be remembered after it. */
  private changes = 0;
  private broadcast: SessionBroadcast | null = null;
  /** SQLite: what tells that another process (`cadenza users …`) wrote to the file. */
  private writesElsewhere: (() => number) | null = null;
  private seenElsewhere = 0;

  /** `alone`: this node is the only one (SQLite), so its own changes are all there are. */
  constructor(
    private readonly alone: boolean,
    private readonly ttlMs = SESSION_FACTS_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Each check of trust first asks `writesElsewhere` whether another process wrote meanwhile. */
  watchWritesElsewhere(writesElsewhere: () => number): void {
    this.writesElsewhere = writesElsewhere;
    this.seenElsewhere = writesElsewhere();
  }

  /** From now on, changes are told to (and heard from) the other nodes through `broadcast`. */
  connect(broadcast: SessionBroadcast): void {
    this.broadcast = broadcast;
    this.reset();
  }

  /** The facts of a live session remembered, or undefined (then read, and `remember`). */
  recall(userId: string, tokenId: string): SessionFacts | undefined {
    if (!this.trusted()) return undefined;
    const now = this.now();
    const live = this.liveTokens.get(tokenId);
    const user = this.users.get(userId);
    if (live === undefined || live <= now || !user || user.until <= now) return undefined;
    return user.facts;
  }

  /** A mark to pass to `remember` with what a read begun now found. */
  mark(): number {
    return this.changes;
  }

  /** Keeps a session's facts, unless a change was heard since the read began (`mark`). */
  remember(userId: string, tokenId: string, facts: SessionFacts, mark: number): void {
    if (!this.trusted() || mark !== this.changes) return;
    const until = this.now() + this.ttlMs;
    this.users.set(userId, { facts, until });
    this.liveTokens.set(tokenId, until);
  }

  async forget(change: SessionChange): Promise<void> {
    this.heard(change);
    await this.broadcast?.publish(change);
  }

  /** A change made here or on another node. */
  heard(change: SessionChange): void {
    this.changes += 1;
    if (change.kind === 'token') this.liveTokens.delete(change.id);
    else this.users.delete(change.id);
  }

  /** Forgets everything: changes may have been missed (the broadcast was away). */
  reset(): void {
    this.changes += 1;
    this.users.clear();
    this.liveTokens.clear();
  }

  private trusted(): boolean {
    if (this.writesElsewhere) {
      const seen = this.writesElsewhere();
      if (seen !== this.seenElsewhere) {
        this.seenElsewhere = seen;
        this.reset();
      }
    }
    return this.broadcast ? this.broadcast.listening() : this.alone;
  }
}
