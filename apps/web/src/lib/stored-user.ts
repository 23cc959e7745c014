import type { Role, User } from '@cadenza/contract/auth';

const ROLES: readonly Role[] = ['user', 'admin'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether a stored value is a user as the API answers it (the contract's `userSchema`), checked
 * without zod: the stored session is read before every signed-in first screen, which should not
 * wait for the schema library (stored-user.test.ts keeps the two checks in step).
 */
export function isStoredUser(value: unknown): value is User {
  if (!isRecord(value)) return false;
  const { _id, name, email, role, profileImage, createdAt } = value;
  return (
    typeof _id === 'string' &&
    typeof name === 'string' &&
    typeof email === 'string' &&
    ROLES.includes(role as Role) &&
    (profileImage === null || typeof profileImage === 'string') &&
    typeof createdAt === 'string'
  );
}

/** The stored user with only the fields of a user, as the schema's parse would answer it. */
export function storedUser(value: User): User {
  const { _id, name, email, role, profileImage, createdAt } = value;
  return { _id, name, email, role, profileImage, createdAt };
}
