import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../mail/mailer';
import type { UserRecord } from '../users/user-record';
import type { PasswordResetsRepository } from './password-resets.repository';

export const RESET_TOKEN_BYTES = 32;
export const RESET_LIFETIME_MS = 60 * 60 * 1000;

export function newResetToken(): string {
  return randomBytes(RESET_TOKEN_BYTES).toString('base64url');
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface ResetLinksDeps {
  readonly resets: PasswordResetsRepository;
  readonly mailer: Mailer;
  readonly publicUrl: string;
  /** Without SMTP the mail goes to the outbox, which the log tells of. */
  readonly outbox: boolean;
  readonly log: FastifyBaseLogger;
}

/**
 * Password reset links: stored as a hash with their expiry, mailed to the account's address.
 * Used by forgot-password and by an administrator sending a reset.
 */
export class ResetLinks {
  constructor(private readonly deps: ResetLinksDeps) {}

  /** Stores a link for `token` (made beforehand, see forgot-password) and answers it. */
  async store(user: UserRecord, token: string): Promise<string> {
    await this.deps.resets.insert(
      hashResetToken(token),
      user.id,
      new Date(Date.now() + RESET_LIFETIME_MS),
    );
    return `${this.deps.publicUrl}/reset-password/${token}`;
  }

  /** Stores a new link for the account and mails it, as an administrator's reset does. */
  async send(user: UserRecord): Promise<void> {
    await this.mail(user, await this.store(user, newResetToken()));
  }

  /** Mails the link; a failure is logged, never thrown (the mail goes after the response). */
  async mail(user: UserRecord, link: string): Promise<void> {
    const text = [
      `Hi ${user.name},`,
      '',
      'Someone (hopefully you) asked to reset the password of your Cadenza account.',
      'Open this link within the next hour to choose a new password:',
      '',
      link,
      '',
      'If you did not ask for this, you can ignore this message: your password stays as it is.',
    ].join('\n');
    try {
      await this.deps.mailer.send({ to: user.email, subject: 'Reset your Cadenza password', text });
      if (this.deps.outbox) {
        // The link is a secret: it stays in the outbox, which only the server's user can read.
        this.deps.log.info('password reset mail written to the outbox');
      }
    } catch (error) {
      this.deps.log.error({ err: error, to: user.email }, 'could not send the password reset mail');
    }
  }
}
