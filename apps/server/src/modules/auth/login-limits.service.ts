import type { RateLimit } from '../../rate-limits';
import type { LoginAttemptsRepository } from './login-attempts.repository';

/**
 * The login limits, counted in the database rather than in Redis or in memory: a Redis that
 * restarts (or a node that does) never gives an attacker a fresh budget, and every node counts
 * in the same rows. A login costs a password hash anyway; one more write is small beside it.
 */
export class LoginLimits {
  constructor(
    private readonly attempts: LoginAttemptsRepository,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts an attempt under `name` and `key`: null while within `rule`, else seconds to wait. */
  async count(name: string, rule: RateLimit, key: string): Promise<number | null> {
    const now = this.now();
    const { count, windowEndsAt } = await this.attempts.countAttempt(
      `${name}:${key}`,
      rule.windowMs,
      now,
    );
    if (count <= rule.max) return null;
    return Math.max(1, Math.ceil((windowEndsAt - now) / 1000));
  }
}
