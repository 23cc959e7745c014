import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Song } from '@cadenza/contract/songs';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { injectForm } from '../../../test/multipart';
import { StatementLog } from '../../../test/sessions';
import { createSong } from '../../../test/songs';
import { createTestApp, postgresUrl, type TestApp } from '../../../test/test-app';

/**
 * Server nodes on one PostgreSQL database and no Redis: a write's transaction notifies the
 * other nodes as it commits (LISTEN/NOTIFY), and they drop the song pages they kept. A node
 * that is not listening keeps nothing, and starts afresh once it listens again.
 */

const PAGE = '/api/user/songs?limit=50';
const songReads = (sqls: readonly string[]) => sqls.filter((text) => /from "songs"/i.test(text));
const titles = (body: string) => JSON.parse(body).data.map((song: Song) => song.title) as string[];

let a: TestApp;
let b: TestApp;
let admin: CreatedUser;
let user: CreatedUser;
let songId: string;
const logOfB = new StatementLog();

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ nodeOf: a, onQuery: logOfB.onQuery });
  admin = await createAdmin(a);
  user = await createUser(a);
  songId = (await createSong(a, { title: 'On Both Nodes' })).song._id;
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const readOnB = () => b.app.inject({ url: PAGE, headers: user.headers });

/** Reads the page on B twice: the second comes from what B kept. */
async function keptOnB(): Promise<string> {
  const first = await readOnB();
  expect(first.statusCode, first.body).toBe(200);
  let again = first;
  const ran = await logOfB.during(async () => {
    again = await readOnB();
  });
  expect(songReads(ran)).toEqual([]);
  expect(again.body).toBe(first.body);
  return first.body;
}

async function rename(title: string): Promise<void> {
  const edited = await injectForm(
    a.app,
    { method: 'PUT', url: `/api/admin/songs/${songId}`, headers: admin.headers },
    { title },
  );
  expect(edited.statusCode, edited.body).toBe(200);
}

/** Ends the connections the nodes listen on, as a database restart would. */
async function killListeners(): Promise<number> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid, pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ANY($1)',
      [await listenerNames()],
    );
    return rows.length;
  } finally {
    await client.end();
  }
}

/** The application_name of this test's listeners (their channel depends on the schema). */
async function listenerNames(): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT 'cadenza catalogue ' || md5(${'cadenza:catalogue'} || current_schema()) AS name
  `.execute(a.database.db);
  return rows.map((row) => row.name);
}

describe('two nodes on PostgreSQL without Redis', () => {
  it('a write answered on one node has dropped the page the other kept', async () => {
    expect(titles(await keptOnB())).toEqual(['On Both Nodes']);
    await rename('Changed On A');
    expect(titles((await readOnB()).body)).toEqual(['Changed On A']);
    expect(titles(await keptOnB())).toEqual(['Changed On A']);
  });

  it('a write that rolled back tells nothing: the other node still serves what it kept', async () => {
    const before = await keptOnB();
    await expect(
      a.database.db.transaction().execute(async (trx) => {
        await sql`UPDATE songs SET title = ${'Never'}`.execute(trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const ran = await logOfB.during(async () => {
      expect((await readOnB()).body).toBe(before);
    });
    expect(songReads(ran)).toEqual([]);
  });

  it('a node whose listening connection is lost keeps nothing until it listens again, then reads afresh', async () => {
    await keptOnB();
    expect(await killListeners()).toBe(2);
    await vi.waitFor(() => expect(b.container.catalogueChanges.trusted()).toBe(false));
    // Written while B may not be listening, and told to nobody (an operator's SQL).
    const outside = new pg.Client({ connectionString: postgresUrl });
    await outside.connect();
    try {
      await outside.query(`UPDATE ${b.postgresSchema}.songs SET title = $1 WHERE id = $2`, [
        'Changed While Deaf',
        songId,
      ]);
    } finally {
      await outside.end();
    }
    const ran = await logOfB.during(async () => {
      expect(titles((await readOnB()).body)).toEqual(['Changed While Deaf']);
    });
    expect(songReads(ran)).not.toEqual([]);

    await vi.waitFor(() => expect(b.container.catalogueChanges.trusted()).toBe(true), {
      timeout: 10_000,
    });
    expect(titles(await keptOnB())).toEqual(['Changed While Deaf']);
    await rename('Changed After The Outage');
    expect(titles((await readOnB()).body)).toEqual(['Changed After The Outage']);
  });
});
