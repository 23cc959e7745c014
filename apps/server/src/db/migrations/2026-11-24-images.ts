import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types.

/**
 * Cover images get a table of their own: one row per stored picture, found by its content hash,
 * with a count of the song and playlist rows that use it, kept in the same transaction as those
 * rows. Covers stored before were named by their hash (`images/<sha256>.<ext>`); each one a row
 * uses gets its row here with the right count, its type from its extension and its hash from its
 * name. Its size is not known without reading the file, so `bytes` may be empty for those.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? sql`timestamptz` : sql`text`;
  await db.schema
    .createTable('images')
    .addColumn('key', 'text', (c) => c.primaryKey())
    // Empty only for a cover stored before this table under a name that is not its hash.
    .addColumn('sha256', 'text', (c) => c.unique())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer')
    .addColumn('ref_count', 'integer', (c) => c.notNull().check(sql`ref_count >= 0`))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();

  const uses = await db
    .selectFrom(
      db
        .selectFrom('songs')
        .select('cover_key as key')
        .where('cover_key', 'is not', null)
        .unionAll(
          db.selectFrom('playlists').select('cover_key as key').where('cover_key', 'is not', null),
        )
        .as('uses'),
    )
    .select(['uses.key', (eb) => eb.fn.countAll().as('count')])
    .groupBy('uses.key')
    .execute();
  const now = new Date().toISOString();
  const rows = uses.map((use) => {
    const key = String(use.key);
    const legacy = LEGACY_KEY.exec(key);
    return {
      key,
      sha256: legacy?.[1] ?? null,
      mime: LEGACY_TYPES[legacy?.[2] ?? /\.([a-z0-9]+)$/.exec(key)?.[1] ?? ''] ?? FALLBACK_TYPE,
      bytes: null,
      ref_count: Number(use.count),
      created_at: now,
    };
  });
  for (let start = 0; start < rows.length; start += BATCH) {
    await db
      .insertInto('images')
      .values(rows.slice(start, start + BATCH))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('images').execute();
}

/** A cover named by its content: `images/<sha256>.<ext>`. */
const LEGACY_KEY = /^images\/([0-9a-f]{64})\.([a-z0-9]+)$/;
/** The image types a cover's extension stood for when covers were named by their hash. */
const LEGACY_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};
const FALLBACK_TYPE = 'application/octet-stream';
/** Rows per insert: well under SQLite's limit of bound parameters. */
const BATCH = 100;
