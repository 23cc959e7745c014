import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface SeedAccount {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly passwordHash: string;
  readonly createdAt: string;
}

export class SeedRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Which of these lower-cased e-mails already belong to an account. */
  async takenEmails(emails: readonly string[]): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('users')
      .select('email')
      .where('email', 'in', [...emails])
      .execute();
    return new Set(rows.map((row) => row.email.toLowerCase()));
  }

  /** Which of these names already belong to an account. */
  async takenNames(names: readonly string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('users')
      .select('name')
      .where('name', 'in', [...names])
      .execute();
    return new Set(rows.map((row) => row.name));
  }

  /** Inserts every account, in one statement: all or none. */
  async insertUsers(accounts: readonly SeedAccount[]): Promise<void> {
    await this.db
      .insertInto('users')
      .values(
        accounts.map((account) => ({
          id: account.id,
          name: account.name,
          email: account.email,
          password_hash: account.passwordHash,
          role: 'user' as const,
          created_at: account.createdAt,
        })),
      )
      .execute();
  }
}
