import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  broadcastMessageOf,
  HEARD_WAIT_MS,
  type Broadcast,
  type BroadcastTopic,
} from './broadcast';
import type { RedisConnection } from './redis-connection';

export interface RedisBroadcast<Change> extends Broadcast<Change> {
  close(): void;
}

/** A change published: how many nodes received it (known once Redis answers) and said so. */
interface Pending {
  receivers: number | null;
  heard: number;
  done(): void;
}

/**
 * Changes shared through a Redis channel. Every node subscribes (on a connection of its
 * own) and forgets what each message names, then answers the sender on the sender's own
 * channel; the sender waits for as many answers as Redis counted receivers, so that a logout
 * answered on one node is refused on every other at once. While the subscription is down,
 * `listening()` says so (the cache then trusts nothing); once it is back the cache starts
 * afresh, since changes made meanwhile were missed.
 */
export async function redisBroadcast<Change>(
  redis: RedisConnection,
  prefix: string,
  topic: BroadcastTopic<Change>,
  log: FastifyBaseLogger,
): Promise<RedisBroadcast<Change>> {
  const node = randomUUID();
  const channel = `${prefix}${topic.name}`;
  const answersTo = (sender: string) => `${prefix}${topic.name}:heard:${sender}`;
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
        topic.reset();
        listening = !closing;
      },
      () => subscriber.disconnect(true),
    );
  });
  subscriber.on('message', (from: string, text: string) => {
    if (from === ownAnswers) return settle(pending.get(Number(text)), 1);
    const message = broadcastMessageOf(text, topic);
    if (!message) return;
    topic.heard(message.change);
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

  async function publish(change: Change): Promise<void> {
    if (!redis.isReady()) return;
    seq += 1;
    const id = seq;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve) => {
      const entry: Pending = { receivers: null, heard: 0, done: resolve };
      pending.set(id, entry);
      timer = setTimeout(() => {
        log.warn({ heard: entry.heard, receivers: entry.receivers }, topic.lateWarning);
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
