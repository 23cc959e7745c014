import type { Kysely } from 'kysely';
import { forUpdate } from '../../db/atomic';
import type { Database } from '../../db/schema';
import type { CoverChoice } from '../uploads/stored-files';

/**
 * The `images` table: every kept cover with the number of song and playlist rows that use it.
 * Taking and releasing happen in the transaction that writes those rows (pass the repository
 * that transaction's handle), so a count is never off, and a cover whose count reached zero,
 * with its row gone, can never be taken again: an upload of the same picture is stored anew.
 */
export class ImagesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Counts one more row using a cover and answers the key that row is to name. A stored image
   * whose picture is already kept answers the older key; its own copy is then unused (remove it
   * after the commit, see `CoverImages.discard`).
   */
  async take(cover: CoverChoice): Promise<string> {
    if (typeof cover === 'string') {
      const row = await this.db
        .updateTable('images')
        .set((eb) => ({ ref_count: eb('ref_count', '+', 1) }))
        .where('key', '=', cover)
        .returning('key')
        .executeTakeFirst();
      if (!row) throw new Error(`no image is kept under ${cover}`);
      return row.key;
    }
    const row = await this.db
      .insertInto('images')
      .values({
        key: cover.key,
        sha256: cover.sha256,
        mime: cover.mime,
        bytes: cover.bytes,
        ref_count: 1,
        created_at: new Date().toISOString(),
      })
      .onConflict((conflict) =>
        conflict
          .column('sha256')
          .doUpdateSet((eb) => ({ ref_count: eb('images.ref_count', '+', 1) })),
      )
      .returning('key')
      .executeTakeFirstOrThrow();
    return row.key;
  }

  /**
   * Moves one row's use from its current cover to `next` and answers the key it is to name:
   * the same key (nothing counted) when `next` is that key; else `next` is taken first, so
   * that the same picture uploaded again keeps its image, and the current one released.
   */
  async replace(current: string | null, next: CoverChoice | null): Promise<string | null> {
    if (next === current) return current;
    const key = next === null ? null : await this.take(next);
    await this.release([current]);
    return key;
  }

  /**
   * Moves the cover of one song or playlist to `next`, the row locked meanwhile (so that two
   * changes never release the same cover twice): answers the key the row is to name (undefined
   * for no change), or null when there is no such row. Inside the transaction that updates it.
   */
  async changeCoverOf(
    table: 'songs' | 'playlists',
    id: string,
    next: CoverChoice | null | undefined,
  ): Promise<{ readonly coverKey: string | null | undefined } | null> {
    if (next === undefined) return { coverKey: undefined };
    const query = this.db.selectFrom(table).select('cover_key').where('id', '=', id);
    const current = await forUpdate(this.db, query).executeTakeFirst();
    if (!current) return null;
    return { coverKey: await this.replace(current.cover_key, next) };
  }

  /**
   * Counts one row fewer for each key given (a key given twice, twice); an image no row uses any
   * more loses its row. Its file is then removed after the commit (`CoverImages.discard`).
   */
  async release(keys: ReadonlyArray<string | null>): Promise<void> {
    const counts = new Map<string, number>();
    for (const key of keys) if (key !== null) counts.set(key, (counts.get(key) ?? 0) + 1);
    // Always in the same order, so that two transactions releasing the same covers cannot deadlock.
    for (const key of [...counts.keys()].sort()) {
      const released = counts.get(key) ?? 0;
      const row = await this.db
        .updateTable('images')
        .set((eb) => ({ ref_count: eb('ref_count', '-', released) }))
        .where('key', '=', key)
        .where('ref_count', '>=', released)
        .returning('ref_count')
        .executeTakeFirst();
      if (row?.ref_count === 0) await this.db.deleteFrom('images').where('key', '=', key).execute();
    }
  }

  /** True while a row of the table keeps the image: its file must stay. */
  async isKept(key: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('images')
      .select('key')
      .where('key', '=', key)
      .executeTakeFirst();
    return row !== undefined;
  }
}
