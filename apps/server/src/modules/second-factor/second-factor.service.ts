import { createHash, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@cadenza/contract/second-factor';
import type { SecondFactorSetup, SecondFactorStatus } from '@cadenza/contract/second-factor';
import type { Transactor } from '../../db/transactor';
import { Conflict, Invalid, NotFound, Unauthorized } from '../../errors';
import type { PasswordHasher } from '../auth/passwords';
import type { UserRecord } from '../users/user-record';
import type { UsersRepository } from '../users/users.repository';
import type { SealedSecrets } from './sealed-secrets';
import type { SecondFactorsRepository } from './second-factors.repository';
import { matchingStep, newTotpSecret, otpauthUri } from './totp';

const ISSUER = 'Cadenza';
const INVALID_CODE = 'That code is not valid. Please try again with a new one.';
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `xxxxx-xxxxx` from an alphabet without look-alikes (0/o, 1/l/i). */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Case, spaces and dashes do not matter when a recovery code is typed back. */
function hashRecoveryCode(code: string): string {
  const normal = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(normal).digest('hex');
}

export interface SecondFactorServiceDeps {
  readonly factors: SecondFactorsRepository;
  /** Enabling with the recovery codes, and disabling, each commit together. */
  readonly transact: Transactor<{ factors: SecondFactorsRepository }>;
  readonly users: UsersRepository;
  readonly secrets: SealedSecrets;
  readonly passwords: PasswordHasher;
  /** Whether administrators must enrol (a site setting); off unless the site asks for it. */
  readonly requiredForAdmins?: () => Promise<boolean>;
  readonly now?: () => number;
}

/** TOTP second factor: enrolment, its recovery codes, and checking a code at sign-in. */
export class SecondFactorService {
  constructor(private readonly deps: SecondFactorServiceDeps) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /** Whether the account must enrol before using the app: only when the site requires it. */
  async mustEnrol(user: Pick<UserRecord, 'role'>): Promise<boolean> {
    return user.role === 'admin' && ((await this.deps.requiredForAdmins?.()) ?? false);
  }

  /** Whether an account the site requires to use a second factor has none yet. */
  async missingFor(userId: string, role: UserRecord['role']): Promise<boolean> {
    return (await this.mustEnrol({ role })) && !(await this.deps.factors.isEnabled(userId));
  }

  isEnabled(userId: string): Promise<boolean> {
    return this.deps.factors.isEnabled(userId);
  }

  async status(userId: string): Promise<SecondFactorStatus> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw new NotFound('Account not found.', 'account_not_found');
    const enabled = await this.deps.factors.isEnabled(user.id);
    return {
      enabled,
      recoveryCodesLeft: enabled ? await this.deps.factors.recoveryCodesLeft(user.id) : 0,
      required: !enabled && (await this.mustEnrol(user)),
    };
  }

  /** A new secret awaiting its first code; refused while a second factor is on. */
  async begin(userId: string): Promise<SecondFactorSetup> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw new NotFound('Account not found.', 'account_not_found');
    const secret = newTotpSecret();
    const started = await this.deps.factors.begin(
      userId,
      this.deps.secrets.seal(secret),
      new Date(this.now()).toISOString(),
    );
    if (!started) throw this.alreadyOn();
    return { secret, uri: otpauthUri(secret, user.email, ISSUER) };
  }

  /** Turns the second factor on with a first code; answers the recovery codes, shown once. */
  async confirm(userId: string, code: string): Promise<string[]> {
    const stored = await this.deps.factors.find(userId);
    if (stored?.enabled) throw this.alreadyOn();
    const secret = stored ? this.deps.secrets.open(stored.secretCipher) : null;
    if (!stored || !secret) {
      throw new Conflict('Start setting up two-factor sign-in first.', 'second_factor_not_started');
    }
    const step = matchingStep(secret, code, this.now(), stored.lastStep);
    if (step === null) throw this.invalidCode();
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const enabledAt = new Date(this.now()).toISOString();
    const enabled = await this.deps.transact(async ({ factors }) => {
      if (!(await factors.useStep(userId, step, enabledAt))) return false;
      await factors.replaceRecoveryCodes(userId, codes.map(hashRecoveryCode));
      return true;
    });
    if (!enabled) throw this.invalidCode();
    return codes;
  }

  /** Turns the second factor off: the password and a current code (or a recovery code). */
  async disable(userId: string, password: string, code: string): Promise<void> {
    const user = await this.deps.users.findById(userId);
    const account = user ? await this.deps.users.findLoginByEmail(user.email) : null;
    if (!account || !(await this.deps.passwords.verify(account.passwordHash, password))) {
      throw new Unauthorized('The password is not correct.', 'invalid_credentials');
    }
    if (!(await this.deps.factors.isEnabled(userId))) return;
    if (!(await this.verify(userId, code))) throw this.invalidCode();
    await this.deps.transact(({ factors }) => factors.remove(userId));
  }

  /**
   * Whether `code` is the account's current TOTP code (not used before) or one of its unused
   * recovery codes; either is used up by a success.
   */
  async verify(userId: string, code: string): Promise<boolean> {
    const trimmed = code.trim();
    if (/^\d{6}$/.test(trimmed)) {
      const stored = await this.deps.factors.find(userId);
      const secret = stored?.enabled ? this.deps.secrets.open(stored.secretCipher) : null;
      if (!stored || !secret) return false;
      const step = matchingStep(secret, trimmed, this.now(), stored.lastStep);
      return step !== null && (await this.deps.factors.useStep(userId, step));
    }
    const now = new Date(this.now()).toISOString();
    return this.deps.factors.useRecoveryCode(userId, hashRecoveryCode(trimmed), now);
  }

  private alreadyOn(): Conflict {
    return new Conflict('Two-factor sign-in is already on.', 'second_factor_enabled');
  }

  private invalidCode(): Invalid {
    return new Invalid(INVALID_CODE, undefined, 'invalid_second_factor_code');
  }
}
