import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** An account's second factor as stored: the sealed secret and its state. */
export interface StoredSecondFactor {
  readonly secretCipher: string;
  readonly lastStep: number;
  readonly enabled: boolean;
}

export class SecondFactorsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(userId: string): Promise<StoredSecondFactor | null> {
    const row = await this.db
      .selectFrom('second_factors')
      .select(['secret_cipher', 'last_step', 'enabled_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      secretCipher: row.secret_cipher,
      lastStep: Number(row.last_step),
      enabled: row.enabled_at !== null,
    };
  }

  async isEnabled(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('second_factors')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('enabled_at', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Starts (or starts again) an enrolment that is not yet confirmed; false if one is enabled. */
  async begin(userId: string, secretCipher: string, now: string): Promise<boolean> {
    await this.db
      .deleteFrom('second_factors')
      .where('user_id', '=', userId)
      .where('enabled_at', 'is', null)
      .execute();
    const inserted = await this.db
      .insertInto('second_factors')
      .values({ user_id: userId, secret_cipher: secretCipher, last_step: 0, created_at: now })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * Records that a code of `step` was accepted, only if no code of that step or a later one was:
   * of two requests with one code, one alone wins. Enables a pending enrolment when asked.
   */
  async useStep(userId: string, step: number, enableAt?: string): Promise<boolean> {
    let update = this.db
      .updateTable('second_factors')
      .set(enableAt ? { last_step: step, enabled_at: enableAt } : { last_step: step })
      .where('user_id', '=', userId)
      .where('last_step', '<', step);
    update = enableAt
      ? update.where('enabled_at', 'is', null)
      : update.where('enabled_at', 'is not', null);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async remove(userId: string): Promise<void> {
    await this.db.deleteFrom('second_factors').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  }

  async replaceRecoveryCodes(userId: string, codeHashes: readonly string[]): Promise<void> {
    await this.db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await this.db
      .insertInto('recovery_codes')
      .values(codeHashes.map((hash) => ({ user_id: userId, code_hash: hash, used_at: null })))
      .execute();
  }

  /** Uses up a recovery code; false when it is unknown or was used already. */
  async useRecoveryCode(userId: string, codeHash: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<number | string>().as('left'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.left);
  }
}
