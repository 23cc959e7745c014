import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery } from 'kysely';
import type pg from 'pg';
import {
  broadcastMessageOf,
  HEARD_WAIT_MS,
  type Broadcast,
  type BroadcastTopic,
} from '../broadcast';
import type { CommitNotice } from './table-writes';

/** Reconnection attempts back off to one every this often. */
const MAX_RETRY_DELAY_MS = 2000;
/** How often the listening connection is asked to answer (a link lost without a word). */
const CHECK_EVERY_MS = 5000;
/** A check not answered in this time counts as a lost connection. */
const CHECK_TIMEOUT_MS = 2000;

/**
 * The channels of a topic, computed by PostgreSQL on the connection that uses them: digests of
 * the key prefix, the topic and the connection's schema, so that the nodes of one deployment
 * agree and deployments in other schemas never hear each other (NOTIFY never leaves its
 * database), in 32 characters whatever the prefix (a channel's name is at most 63 bytes).
 */
const CHANGES = 'md5($1 || current_schema())';
const ANSWERS = `md5($1 || current_schema() || ':heard')`;

export interface PostgresBroadcast<Change> extends Broadcast<Change> {
  close(): Promise<void>;
}

/** A change told: how many other nodes listened when it committed, and how many said so. */
interface Pending {
  receivers: number | null;
  heard: number;
  done(): void;
}

/**
 * Changes shared through PostgreSQL's LISTEN/NOTIFY, for nodes without Redis. A change is told
 * by a NOTIFY run in the transaction that makes it (`atCommit`): PostgreSQL delivers it when,
 * and only if, that transaction commits. Every node listens on a connection of its own, named
 * after the channel (`application_name`) so that a writer can count the listeners, and answers
 * each change it hears; the writer waits for as many answers before its write is reported done.
 * While the listening connection is down, `listening()` says so (nothing is trusted then); once
 * it listens again the node starts afresh, since changes made meanwhile were missed.
 */
export async function postgresBroadcast<Change>(
  connect: () => pg.Client,
  prefix: string,
  topic: BroadcastTopic<Change>,
  log: FastifyBaseLogger,
): Promise<PostgresBroadcast<Change>> {
  const node = randomUUID();
  const name = `${prefix}${topic.name}`;
  const pending = new Map<number, Pending>();
  let seq = 0;
  /** The connection listening, or being connected to listen. */
  let current: pg.Client | null = null;
  /** Its application_name once it listens: what the listeners of this topic are counted by. */
  let listenerName = '';
  let listening = false;
  let closing = false;
  let down = false;
  let attempts = 0;
  let retry: NodeJS.Timeout | undefined;
  let check: NodeJS.Timeout | undefined;

  function lost(client: pg.Client, error: unknown): void {
    if (current !== client) return;
    current = null;
    listening = false;
    clearInterval(check);
    // What is kept may miss a change told while the connection was going: it is dropped.
    topic.reset();
    client.end().catch(() => undefined);
    if (closing) return;
    if (!down) {
      down = true;
      log.warn(
        { err: error },
        `the connection listening to PostgreSQL for ${topic.name} changes was lost: nothing is kept of them until it is back`,
      );
    }
    attempts += 1;
    retry = setTimeout(() => void listen(), Math.min(attempts * 200, MAX_RETRY_DELAY_MS));
  }

  function checkAnswers(client: pg.Client): void {
    const timer = setTimeout(
      () => lost(client, new Error('the listening connection did not answer')),
      CHECK_TIMEOUT_MS,
    );
    client.query('SELECT 1').then(
      () => clearTimeout(timer),
      (error: unknown) => {
        clearTimeout(timer);
        lost(client, error);
      },
    );
  }

  function onNotification(client: pg.Client, channels: Channels, text: string, on: string): void {
    if (on === channels.answers) {
      const answer = answerOf(text);
      if (answer?.to === node) settle(pending.get(answer.seq), 1);
      return;
    }
    const message = broadcastMessageOf(text, topic);
    if (!message || message.from === node) return;
    topic.heard(message.change);
    client
      .query('SELECT pg_notify($1, $2)', [
        channels.answers,
        JSON.stringify({ to: message.from, seq: message.seq }),
      ])
      .catch(() => undefined);
  }

  async function listen(): Promise<void> {
    const client = connect();
    current = client;
    let channels: Channels | null = null;
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client, new Error('the listening connection was closed')));
    client.on('notification', (notification) => {
      if (channels)
        onNotification(client, channels, notification.payload ?? '', notification.channel);
    });
    try {
      await client.connect();
      const { rows } = await client.query<Channels>(
        `SELECT ${CHANGES} AS changes, ${ANSWERS} AS answers`,
        [name],
      );
      channels = rows[0]!;
      await client.query(`LISTEN ${client.escapeIdentifier(channels.changes)}`);
      await client.query(`LISTEN ${client.escapeIdentifier(channels.answers)}`);
      listenerName = `cadenza ${topic.name} ${channels.changes}`;
      await client.query(`SELECT set_config('application_name', $1, false)`, [listenerName]);
    } catch (error) {
      lost(client, error);
      return;
    }
    if (current !== client || closing) return;
    // Every commit from now on is heard; what was kept before may have missed one.
    topic.reset();
    listening = true;
    attempts = 0;
    if (down) {
      down = false;
      log.info(`listening to PostgreSQL for ${topic.name} changes again`);
    }
    check = setInterval(() => checkAnswers(client), CHECK_EVERY_MS);
  }

  function settle(entry: Pending | undefined, answers: number): void {
    if (!entry) return;
    entry.heard += answers;
    if (entry.receivers !== null && entry.heard >= entry.receivers) entry.done();
  }

  /** Waits for the other listeners of this topic to answer change `id` (a second at most). */
  async function heardBy(id: number, entry: Pending, heard: Promise<void>): Promise<void> {
    const client = current;
    if (!listening || !client) {
      pending.delete(id);
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        log.warn({ heard: entry.heard, receivers: entry.receivers }, topic.lateWarning);
        resolve();
      }, HEARD_WAIT_MS);
    });
    try {
      const { rows } = await client.query<{ receivers: number }>(
        `SELECT count(*)::int AS receivers FROM pg_stat_activity
          WHERE application_name = $1 AND datname = current_database() AND pid <> pg_backend_pid()`,
        [listenerName],
      );
      entry.receivers = rows[0]!.receivers;
      settle(entry, 0);
      await Promise.race([heard, late]);
    } catch {
      // The listening connection is going: this node trusts nothing until it is back.
    } finally {
      clearTimeout(timer);
      pending.delete(id);
    }
  }

  function notice(change: Change): CommitNotice {
    seq += 1;
    const id = seq;
    let entry!: Pending;
    const heard = new Promise<void>((resolve) => {
      entry = { receivers: null, heard: 0, done: resolve };
    });
    pending.set(id, entry);
    return {
      statement: CompiledQuery.raw(`SELECT pg_notify(${CHANGES}, $2)`, [
        name,
        JSON.stringify({ from: node, seq: id, change }),
      ]),
      committed: () => heardBy(id, entry, heard),
      dropped: () => void pending.delete(id),
    };
  }

  // Listening before the node serves, when PostgreSQL answers; otherwise from when it does.
  await listen();

  return {
    atCommit: notice,
    // Outside a transaction, a NOTIFY is delivered at once; nothing is told while disconnected.
    async publish(change) {
      const client = current;
      if (!listening || !client) return;
      const told = notice(change);
      try {
        await client.query(told.statement.sql, [...told.statement.parameters]);
      } catch {
        told.dropped();
        return;
      }
      await told.committed();
    },
    listening: () => listening,
    async close() {
      closing = true;
      listening = false;
      clearTimeout(retry);
      clearInterval(check);
      for (const entry of pending.values()) entry.done();
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
    },
  };
}

interface Channels {
  readonly changes: string;
  readonly answers: string;
}

function answerOf(text: string): { to: string; seq: number } | null {
  try {
    const answer = JSON.parse(text) as { to?: unknown; seq?: unknown };
    return typeof answer.to === 'string' && typeof answer.seq === 'number'
      ? { to: answer.to, seq: answer.seq }
      : null;
  } catch {
    return null;
  }
}
