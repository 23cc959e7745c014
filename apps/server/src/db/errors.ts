/** True for a unique-constraint violation on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  // PostgreSQL: 23505 unique_violation. better-sqlite3: SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY.
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** True when a row points at a parent that does not exist (or no longer does), on either dialect. */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  // PostgreSQL: 23503 foreign_key_violation. better-sqlite3: SQLITE_CONSTRAINT_FOREIGNKEY.
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
