import { accountMessages, REAUTHENTICATION_WINDOW_MINUTES } from '@cadenza/contract/account';
import { Forbidden } from '../../errors';
import type { Caller } from '../../domain/caller';
import type { AccountSessionsRepository } from './account-sessions.repository';

export const REAUTHENTICATION_WINDOW_MS = REAUTHENTICATION_WINDOW_MINUTES * 60_000;

/**
 * Sensitive actions (creating an app key) need the password proved in this session within the
 * last ten minutes: a session token taken from a browser is not enough to keep the library.
 */
export class RecentSignIn {
  constructor(
    private readonly sessions: AccountSessionsRepository,
    private readonly clock: () => Date,
  ) {}

  /** Throws 403 `reauthentication_required` unless the caller's session proved it recently. */
  async require(caller: Caller): Promise<void> {
    const at = await this.sessions.authenticatedAt(caller.tokenId);
    if (at && this.clock().getTime() - at.getTime() <= REAUTHENTICATION_WINDOW_MS) return;
    throw new Forbidden(accountMessages.reauthenticationRequired, 'reauthentication_required');
  }
}
