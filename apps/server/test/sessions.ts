import { createHash, randomBytes } from 'node:crypto';
import { PasswordResetsRepository } from '../src/modules/auth/password-resets.repository';
import type { TestApp } from './test-app';

/** The statements a node runs, so that a test can tell which ones a request cost. */
export class StatementLog {
  private readonly statements: string[] = [];
  readonly onQuery = (sql: string) => void this.statements.push(sql);

  /** The statements of `work` alone. */
  async during(work: () => Promise<unknown>): Promise<string[]> {
    const before = this.statements.length;
    await work();
    return this.statements.slice(before);
  }
}

/** Statements that check a session: its user's facts or its revocation. */
export const sessionReads = (statements: readonly string[]) =>
  statements.filter((sql) => /"revoked_tokens"|from "users"/i.test(sql));

/** A password reset link's token for the user, as the mail would carry it. */
export async function resetTokenFor(t: TestApp, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token).digest('hex');
  await new PasswordResetsRepository(t.database.db).insert(
    hash,
    userId,
    new Date(Date.now() + 60_000),
  );
  return token;
}

/** Uses a reset link: every session of the user ends. */
export function resetPassword(t: TestApp, token: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/auth/reset-password/${token}`,
    payload: { password: 'a-new-password-1' },
  });
}
