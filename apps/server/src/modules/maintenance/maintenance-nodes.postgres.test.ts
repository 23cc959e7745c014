import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockTable } from '../../../test/table-lock';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { RevokedTokensRepository } from '../auth/revoked-tokens.repository';

describe('maintenance sweeps on two nodes of one database', () => {
  let a: TestApp;
  let b: TestApp;
  let table: { release(): Promise<void> } | undefined;
  beforeEach(async () => {
    a = await createTestApp();
    b = await createTestApp({ nodeOf: a });
  });
  afterEach(async () => {
    await table?.release();
    await b.close();
    await a.close();
  });

  it('are done by one node a round; the other skips it', async () => {
    const revoked = new RevokedTokensRepository(a.database.db);
    const expired = new Date(Date.now() - 60_000);
    for (const tokenId of ['spent-1', 'spent-2', 'spent-3']) await revoked.revoke(tokenId, expired);
    // Whichever node takes the round waits at the revocations until the test lets it go.
    table = await lockTable(a.database, 'revoked_tokens');

    const now = new Date();
    const rounds = [a, b].map((node) => node.services.maintenance.sweepRound({ now }));
    const firstOver = await Promise.race(rounds);
    await table.release();
    const reports = await Promise.all(rounds);

    expect(firstOver).toBeNull();
    expect(reports.filter((report) => report === null)).toHaveLength(1);
    expect(reports.find((report) => report !== null)?.expiredRevocations).toBe(3);
    const left = await a.database.db.selectFrom('revoked_tokens').select('jti').execute();
    expect(left).toEqual([]);
  });
});
