import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { StoredImage } from '../src/modules/uploads/stored-files';
import type { TestApp } from './test-app';

/**
 * Stores a cover like an upload and keeps it as an image that no row uses yet, so that rows made
 * by the factories can share it by key (`coverKey`); its file goes once the last of them does.
 * The same picture stored before answers that image, as an upload would.
 */
export async function storeCover(t: TestApp, bytes: Buffer): Promise<StoredImage> {
  const covers = t.services.covers;
  const image = await covers.save(Readable.from([bytes]));
  const { db } = t.database;
  await db
    .insertInto('images')
    .values({
      key: image.key,
      sha256: image.sha256,
      mime: image.mime,
      bytes: image.bytes,
      ref_count: 0,
      created_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.column('sha256').doNothing())
    .execute();
  const kept = await db
    .selectFrom('images')
    .select('key')
    .where('sha256', '=', image.sha256)
    .executeTakeFirstOrThrow();
  await covers.discard(image);
  return { ...image, key: kept.key };
}

/**
 * The URL of the kept image that holds these bytes: the cover a row shows for them, whatever
 * request stored it first.
 */
export async function coverUrlOf(t: TestApp, bytes: Buffer): Promise<string> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const kept = await t.database.db
    .selectFrom('images')
    .select('key')
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  return kept ? `/media/${kept.key}` : `(no image holds the picture ${sha256})`;
}
