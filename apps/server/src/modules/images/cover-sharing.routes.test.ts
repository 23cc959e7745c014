import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { filesUnder, jpegBytes, pngBytes } from '../../../test/media-files';
import { injectForm, type FormFile } from '../../../test/multipart';
import { createSong } from '../../../test/songs';
import { createTestApp, testDialect, type TestApp } from '../../../test/test-app';
import { ImagesRepository } from './images.repository';

let t: TestApp;
let admin: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(() => t.close());

const png = (variant: string): FormFile => ({
  filename: 'cover.png',
  contentType: 'image/png',
  content: pngBytes(variant),
});

const postPlaylist = (who: CreatedUser, parts: Record<string, string | FormFile>) =>
  injectForm(t.app, { method: 'POST', url: '/api/user/playlists', headers: who.headers }, parts);

async function createPlaylist(who: CreatedUser, cover: FormFile): Promise<string> {
  const res = await postPlaylist(who, { name: 'Shared picture', coverImage: cover });
  expect(res.statusCode).toBe(201);
  return res.json().data._id as string;
}

async function deletePlaylist(who: CreatedUser, id: string): Promise<void> {
  const res = await t.app.inject({
    method: 'DELETE',
    url: `/api/user/playlists/${id}`,
    headers: who.headers,
  });
  expect(res.statusCode).toBe(200);
}

async function coverOf(playlistId: string): Promise<string | null> {
  const row = await t.database.db
    .selectFrom('playlists')
    .select('cover_key')
    .where('id', '=', playlistId)
    .executeTakeFirst();
  return row?.cover_key ?? null;
}

/**
 * Every kept image counts exactly the rows that use it (none is kept unused), every cover a row
 * names is kept, and the image files are exactly those of the kept images.
 */
async function expectConsistentImages(): Promise<void> {
  const { db } = t.database;
  const images = await db.selectFrom('images').select(['key', 'ref_count']).execute();
  const uses = new Map<string, number>();
  for (const table of ['songs', 'playlists'] as const) {
    const rows = await db.selectFrom(table).select('cover_key').execute();
    for (const { cover_key: key } of rows) if (key) uses.set(key, (uses.get(key) ?? 0) + 1);
  }
  expect(Object.fromEntries(images.map((image) => [image.key, Number(image.ref_count)]))).toEqual(
    Object.fromEntries(uses),
  );
  const files = filesUnder(t.blobs.root).filter((file) => file.startsWith('images/'));
  expect(files.sort()).toEqual([...uses.keys()].sort());
}

describe('covers shared by content', () => {
  it('stores the same picture once for every row that shows it, and removes it with the last', async () => {
    const listener = await createUser(t);
    const first = await createPlaylist(listener, png('shared once'));
    const second = await createPlaylist(listener, png('shared once'));
    const song = await createSong(t, { cover: pngBytes('shared once') });
    const key = await coverOf(first);
    expect(key).toMatch(/^images\/[0-9a-f-]{36}$/);
    expect(await coverOf(second)).toBe(key);
    expect(song.row.cover_key).toBe(key);
    await expectConsistentImages();

    await deletePlaylist(listener, first);
    await deletePlaylist(listener, second);
    expect(await t.blobs.head(key ?? '')).not.toBeNull();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/songs/${song.song._id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(await t.blobs.head(key ?? '')).toBeNull();
    await expectConsistentImages();
  });

  it('keeps the key and the count when a cover is replaced by the same picture', async () => {
    const form = { name: 'Curated', coverImage: png('same again') };
    const url = '/api/admin/playlists';
    const res = await injectForm(t.app, { method: 'POST', url, headers: admin.headers }, form);
    const { _id: id, coverImage } = res.json().data;
    const edited = await injectForm(
      t.app,
      { method: 'PUT', url: `${url}/${id}`, headers: admin.headers },
      form,
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.coverImage).toBe(coverImage);
    expect((await t.app.inject({ url: coverImage })).statusCode).toBe(200);
    await expectConsistentImages();
  });

  it("releases every playlist's cover when their owner is deleted", async () => {
    const listener = await createUser(t);
    const kept = await createUser(t);
    await createPlaylist(listener, png('owner gone'));
    await createPlaylist(listener, png('owner gone'));
    const survivor = await createPlaylist(kept, png('owner gone'));
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${listener.user._id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const key = await coverOf(survivor);
    const image = await t.database.db
      .selectFrom('images')
      .select('ref_count')
      .where('key', '=', key ?? '')
      .executeTakeFirst();
    expect(Number(image?.ref_count)).toBe(1);
    await expectConsistentImages();
  });

  it('keeps nothing of an upload whose request fails', async () => {
    const listener = await createUser(t);
    const res = await postPlaylist(listener, { name: '', coverImage: png('refused') });
    expect(res.statusCode).toBe(400);
    await expectConsistentImages();
  });

  it('never removes a cover that a concurrent request just took', async () => {
    const listeners = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const picture = png('contested');
    let alive: Array<{ owner: CreatedUser; id: string }> = [];
    for (let round = 0; round < 6; round += 1) {
      // Every playlist showing the picture goes while as many new ones take it.
      const leaving = alive;
      const [created] = await Promise.all([
        Promise.all(
          listeners.flatMap((owner) =>
            [0, 1].map(async () => ({ owner, id: await createPlaylist(owner, picture) })),
          ),
        ),
        Promise.all(leaving.map(({ owner, id }) => deletePlaylist(owner, id))),
      ]);
      alive = created;
      for (const { id } of alive) {
        const key = await coverOf(id);
        const served = await t.app.inject({ url: `/media/${key ?? ''}` });
        expect(served.statusCode, `round ${round}`).toBe(200);
        expect(served.rawPayload.equals(picture.content)).toBe(true);
      }
      await expectConsistentImages();
    }
  });
});

describe('ImagesRepository', () => {
  const covers = () => t.services.covers;
  const stored = (variant: string) => covers().save(Readable.from([jpegBytes(variant)]));

  it('answers one key to transactions taking the same picture at once', async () => {
    const uploads = await Promise.all([0, 1, 2, 3].map(() => stored('taken at once')));
    const keys = await Promise.all(
      uploads.map((upload) =>
        t.database.db.transaction().execute((trx) => new ImagesRepository(trx).take(upload)),
      ),
    );
    expect(new Set(keys).size).toBe(1);
    const image = await t.database.db
      .selectFrom('images')
      .selectAll()
      .where('key', '=', keys[0] ?? '')
      .executeTakeFirstOrThrow();
    expect(image).toMatchObject({ sha256: uploads[0]?.sha256, mime: 'image/jpeg', ref_count: 4 });
    expect(uploads.map((upload) => upload.key)).toContain(image.key);

    const repository = new ImagesRepository(t.database.db);
    await repository.release([image.key, image.key, image.key]);
    expect(await repository.isKept(image.key)).toBe(true);
    await repository.release([image.key]);
    expect(await repository.isKept(image.key)).toBe(false);
    for (const upload of uploads) await covers().discard(upload);
    await expectConsistentImages();
  });

  // Only PostgreSQL interleaves two write transactions; SQLite runs one at a time.
  if (testDialect === 'postgres') {
    it('lets a take that waited on a release to zero keep its own upload', async () => {
      const { db } = t.database;
      const first = await stored('released meanwhile');
      const firstKey = await new ImagesRepository(db).take(first);
      const second = await stored('released meanwhile');
      let commit!: () => void;
      const committing = new Promise<void>((resolve) => (commit = resolve));
      let decremented!: () => void;
      const hasDecremented = new Promise<void>((resolve) => (decremented = resolve));
      // The release holds the image's row until it commits.
      const release = db.transaction().execute(async (trx) => {
        await new ImagesRepository(trx).release([firstKey]);
        decremented();
        await committing;
      });
      await hasDecremented;
      const take = db.transaction().execute((trx) => new ImagesRepository(trx).take(second));
      await vi.waitFor(async () => {
        const { rows } = await sql<{ waiting: number }>`
          SELECT count(*)::int AS waiting FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND query LIKE 'insert into "images"%'`.execute(db);
        expect(rows[0]?.waiting).toBeGreaterThan(0);
      });
      commit();
      await release;
      expect(await take).toBe(second.key);
      await covers().discard(first);
      await new ImagesRepository(db).release([second.key]);
      await covers().discard(second);
      await expectConsistentImages();
    });
  }
});
