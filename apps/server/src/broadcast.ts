import type { CommitNotice } from './db/table-writes';

/** How long a change waits for the other nodes to say they heard it (a hung node, a lost one). */
export const HEARD_WAIT_MS = 1000;

/** What a broadcast carries, and what the node does with what it hears. */
export interface BroadcastTopic<Change> {
  /** The channel's name after the key prefix, e.g. `sessions`. */
  readonly name: string;
  /** The change in a message from another node, or null when it is not one. */
  parse(value: unknown): Change | null;
  /** A change made on another node. */
  heard(change: Change): void;
  /** Listening (re)started or stopped: changes made meanwhile may have been missed. */
  reset(): void;
  /** Logged when a node does not confirm a change in time. */
  readonly lateWarning: string;
}

/**
 * How a node tells the others of a change, and whether it hears theirs now. Redis tells a
 * change once it is made (`publish`); PostgreSQL tells it with the transaction that makes it
 * (`atCommit`), so that a commit and its message are one, and a rollback sends nothing.
 */
export interface Broadcast<Change> {
  /** Resolves once every node listening has heard, or after a short wait at most. */
  publish(change: Change): Promise<void>;
  /** Subscribed now: every change published elsewhere reaches `heard`. */
  listening(): boolean;
  /**
   * The statement that tells `change` to the other nodes when the transaction it runs in
   * commits, and the wait for them to say they heard; absent when `publish` tells instead.
   */
  readonly atCommit?: (change: Change) => CommitNotice;
}

/** What a node sends: who sent it (a node ignores its own) and the change. */
export interface BroadcastMessage<Change> {
  readonly from: string;
  readonly seq: number;
  readonly change: Change;
}

/** The message in `text`, or null when it is not one of `topic`'s. */
export function broadcastMessageOf<Change>(
  text: string,
  topic: BroadcastTopic<Change>,
): BroadcastMessage<Change> | null {
  try {
    const message = JSON.parse(text) as Partial<BroadcastMessage<unknown>>;
    if (typeof message.from !== 'string' || typeof message.seq !== 'number') return null;
    const change = topic.parse(message.change);
    return change === null ? null : { from: message.from, seq: message.seq, change };
  } catch {
    return null;
  }
}
