import type { Role } from '@cadenza/contract/auth';

/**
 * What may be done to accounts beyond the route guards. The guards pick the audience: a listener
 * reaches only their own account (the profile answers the caller's), an administrator every
 * account. What differs by the account itself lives here.
 */
export interface UsersPolicy {
  /** The roles whose accounts may be deleted. */
  readonly deletableRoles: readonly Role[];
}

/** Administrators are never deleted (docs/architecture.md §7), so a site always keeps one. */
export const usersPolicy: UsersPolicy = { deletableRoles: ['user'] };
