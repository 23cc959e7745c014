import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { requirePostgresExtensions, SEARCH_EXTENSIONS } from './postgres-extensions';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('extensions PostgreSQL must offer', () => {
  it('passes when the server has the extensions search needs', async () => {
    await expect(requirePostgresExtensions(t.database.db)).resolves.toBeUndefined();
    expect(SEARCH_EXTENSIONS).toContain('pg_trgm');
  });

  it('names a missing extension and how to install it', async () => {
    await expect(
      requirePostgresExtensions(t.database.db, ['pg_trgm', 'cadenza_no_such_extension']),
    ).rejects.toThrow(
      /^PostgreSQL cannot install the cadenza_no_such_extension extension, which song search needs\. Install the PostgreSQL contrib modules/,
    );
  });
});
