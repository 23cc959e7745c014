import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisConnection } from '../../redis-connection';
import type { SessionBroadcast, SessionCache, SessionChange } from './session-cache';

/** How long a change waits for the other nodes to say they heard it (a hung node, a lost one). */
export const HEARD_WAIT_MS = 1000;

interface Message {
  readonly from: string;
  readonly seq: number;
  readonly change: SessionChange;
}

function messageOf(text: string): Message | null {
  try {
    const message = JSON.parse(text) as Partial<Message>;
    const change = message.change;
    if (typeof message.from !== 'string' || typeof message.seq !== 'number') return null;
    if (!change || typeof change.id !== 'string') return null;
    if (change.kind !== 'token' && change.kind !== 'user') return null;
    return message as Message;
  } catch {
    return null;
  }
}

/** A change published: how many nodes received it (known once Redis answers) and said so. */
interface Pending {
  receivers: number | null;
  heard: number;
  done(): void;
}

export interface RedisSessionBroadcast extends SessionBroadcast {
  close(): void;
}

/**
 * Session changes shared through a Redis channel. Every node subscribes (on a connection of its
 * own) and forgets what each message names, then answers the sender on the sender's own
 * channel; the sender waits for as many answers as Redis counted receivers, so that a logout
 * answered on one node is refused on every other at once. While the subscription is down,
 * `listening()` says so (the cache then trusts nothing); once it is back the cache starts
 * afresh, since changes made meanwhile were missed.
 */
export async function redisSessionBroadcast(
  redis: RedisConnection,
  prefix: string,
  cache: SessionCache,
  log: FastifyBaseLogger,
): Promise<RedisSessionBroadcast> {
  const node = randomUUID();
  const channel = `${prefix}sessions`;
  const answersTo = (sender: string) => `${prefix}sessions:heard:${sender}`;
  const ownAnswers = answersTo(node);
  const pending = new Map<number, Pending>();
  let seq = 0;
  let listening = false;
  let closing = false;

  const subscriber = redis.client.duplicate({ autoResubscribe: false, lazyConnect: true });
  // The outage is told by the shared connection; this one only stops the cache's trust.
  subscriber.on('error', () => undefined);
  subscriber.on('close', () => {
    listening = false;
  });
  let subscribing: Promise<void> = Promise.resolve();
  subscriber.on('ready', () => {
    subscribing = subscriber.subscribe(channel, ownAnswers).then(
      () => {
        cache.reset();
        listening = !closing;
      },
      () => subscriber.disconnect(true),
    );
  });
  subscriber.on('message', (from: string, text: string) => {
    if (from === ownAnswers) return settle(pending.get(Number(text)), 1);
    const message = messageOf(text);
    if (!message) return;
    cache.heard(message.change);
    redis.client.publish(answersTo(message.from), String(message.seq)).catch(() => undefined);
  });
  // Listening before the node serves, when Redis answers; otherwise from when it does.
  await subscriber.connect().then(
    () => subscribing,
    () => undefined,
  );

  function settle(entry: Pending | undefined, answers: number): void {
    if (!entry) return;
    entry.heard += answers;
    if (entry.receivers !== null && entry.heard >= entry.receivers) entry.done();
  }

  async function publish(change: SessionChange): Promise<void> {
    if (!redis.isReady()) return;
    seq += 1;
    const id = seq;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve) => {
      const entry: Pending = { receivers: null, heard: 0, done: resolve };
      pending.set(id, entry);
      timer = setTimeout(() => {
        log.warn(
          { heard: entry.heard, receivers: entry.receivers },
          'a server node did not confirm a session change in time: it may accept the session until its cache expires',
        );
        resolve();
      }, HEARD_WAIT_MS);
    });
    try {
      const receivers = await redis.client.publish(
        channel,
        JSON.stringify({ from: node, seq: id, change }),
      );
      redis.reportSuccess();
      const entry = pending.get(id);
      if (entry) {
        entry.receivers = receivers;
        settle(entry, 0);
      }
      await heard;
    } catch (error) {
      redis.reportFailure(error);
    } finally {
      clearTimeout(timer);
      pending.delete(id);
    }
  }

  return {
    publish,
    listening: () => listening,
    close: () => {
      closing = true;
      listening = false;
      for (const entry of pending.values()) entry.done();
      subscriber.disconnect();
    },
  };
}
