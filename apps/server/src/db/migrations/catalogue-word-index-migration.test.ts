import { CompiledQuery, sql, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onSqlite } from '../../../test/dialects';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { QueryRecorder } from '../../../test/query-plugins';
import { migratorOf } from '../../../test/migrations';
import { newId } from '../../ids';
import { CatalogueRepository } from '../../modules/catalogue/catalogue.repository';
import { foldKey } from '../../domain/grouping';
import {
  MOST_SORTED_CANDIDATES,
  startsAWord,
} from '../../modules/catalogue/word-starts.repository';
import { migrateToLatest } from '../database';

/**
 * The combined search's albums and artists through the word index on SQLite (the
 * catalogue-word-index migration): the same rows in the same order as the LIKE over every row
 * that answered before, on both databases, and kept in step with every write.
 */

const NAMES = [
  'Night of the Zebra',
  'Rock’n’Roll (Live)',
  "rock'n'roll suicide",
  'AC/DC & Friends',
  'Café del Mar',
  'Cafe Society',
  'CAFÉ NOIR',
  '東京タワー 夜',
  '東京 ラブストーリー',
  '100% Pure_Love',
  'a\\b c',
  'Zebra Zebra',
  'Über Alles',
  'İstanbul Nights',
  'Straße der Ölsardinen',
  'Ǆemal Ⅻ',
  '"Quoted" Title',
  'The Lovers',
  'Lover Lover',
  'Glove Story',
];

const QUERIES = [
  'zeb',
  'night',
  'ebra',
  'rock',
  "rock'n",
  'rock’n',
  '(live',
  'ac/',
  'ac/dc &',
  '&',
  'caf',
  'cafe',
  'café',
  'CAFÉ n',
  '東京',
  '夜',
  'タワー',
  '100%',
  '%',
  'pure_',
  '_',
  'a\\',
  '\\',
  'zebra zebra',
  'über',
  'uber',
  'i̇st',
  'ist',
  'straße',
  'ǆ',
  'ⅻ',
  '"quoted',
  '"',
  'lov',
  'love',
  'lover lo',
  'the',
  't',
  'o',
  'blorptune',
];

let t: TestApp;

const at = new Date(Date.UTC(2025, 0, 1)).toISOString();

async function addArtistAndAlbum(name: string): Promise<{ artistId: string; albumId: string }> {
  const artistId = newId();
  const albumId = newId();
  await t.database.db
    .insertInto('artists')
    .values({
      id: artistId,
      name,
      name_key: foldKey(name),
      sort_name: name,
      sort_key: foldKey(name),
      created_at: at,
    })
    .execute();
  await t.database.db
    .insertInto('albums')
    .values({
      id: albumId,
      group_key: `${artistId}/${name}`,
      title: name,
      title_key: foldKey(name),
      album_artist_id: artistId,
      created_at: at,
    })
    .execute();
  return { artistId, albumId };
}

beforeAll(async () => {
  t = await createTestApp();
  // Half stored before the index, half after: the migration's filling and the triggers.
  const { error } = await migratorOf(t).migrateTo('2026-11-30-last-plays');
  if (error) throw new Error('The database could not go back.', { cause: error });
  for (const name of NAMES.slice(0, NAMES.length / 2)) await addArtistAndAlbum(name);
  await migrateToLatest(t.database.db, t.postgresSchema);
  for (const name of NAMES.slice(NAMES.length / 2)) await addArtistAndAlbum(name);
});
afterAll(() => t.close());

/** What the combined search answered before the index: a LIKE over every row, in order. */
async function byLike(kind: 'albums' | 'artists', text: string, limit = 20): Promise<string[]> {
  const words = foldKey(text).split(' ').filter(Boolean);
  const [column, order] = kind === 'albums' ? ['title_key', 'title_key'] : ['name_key', 'sort_key'];
  const rows = await t.database.db
    .selectFrom(kind)
    .select('id')
    .where(
      sql<SqlBool>`${sql.join(
        words.map((word) => startsAWord(`${kind}.${column}`, word)),
        sql` AND `,
      )}`,
    )
    .orderBy(sql.ref(order))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

async function throughSearch(
  kind: 'albums' | 'artists',
  text: string,
  limit = 20,
): Promise<string[]> {
  const catalogue = new CatalogueRepository(t.database.db, t.database.longReads);
  const found =
    kind === 'albums'
      ? await catalogue.albumsMatching(text, limit)
      : await catalogue.artistsMatching(text, limit);
  return found.map((row) => row.id);
}

describe('the albums and artists of the combined search', () => {
  it.each(QUERIES)('answer %s as the LIKE over every row did', async (text) => {
    for (const kind of ['albums', 'artists'] as const) {
      expect(await throughSearch(kind, text), kind).toEqual(await byLike(kind, text));
    }
  });

  it('find words inside titles and names, case folded, accents and punctuation kept', async () => {
    const titles = async (text: string) =>
      (
        await new CatalogueRepository(t.database.db, t.database.longReads).albumsMatching(text, 20)
      ).map((album) => album.title);
    expect(await titles('zebra')).toEqual(['Night of the Zebra', 'Zebra Zebra']);
    expect(await titles('CAF')).toEqual(['Cafe Society', 'Café del Mar', 'CAFÉ NOIR']);
    expect(await titles('cafe')).toEqual(['Cafe Society']);
    expect(await titles('東京')).toEqual(['東京 ラブストーリー', '東京タワー 夜']);
    expect(await titles('タワー')).toEqual([]);
    expect(await titles('(live')).toEqual(['Rock’n’Roll (Live)']);
    expect(await titles('100%')).toEqual(['100% Pure_Love']);
    expect(await titles('%')).toEqual([]);
  });

  it('stop at the limit, in the same order', async () => {
    expect(await throughSearch('albums', 'lov', 2)).toEqual(await byLike('albums', 'lov', 2));
    expect(await throughSearch('artists', 'lov', 1)).toEqual(await byLike('artists', 'lov', 1));
  });

  it('answer the same when a word is so common that the table is walked in order', async () => {
    const many = Array.from({ length: MOST_SORTED_CANDIDATES + 20 }, (_, i) => {
      const name = `Lovesong ${MOST_SORTED_CANDIDATES + 20 - i}`;
      return { id: newId(), name, key: foldKey(name) };
    });
    await t.database.db
      .insertInto('artists')
      .values(
        many.map(({ id, name, key }) => ({
          id,
          name,
          name_key: key,
          sort_name: name,
          sort_key: key,
          created_at: at,
        })),
      )
      .execute();
    await t.database.db
      .insertInto('albums')
      .values(
        many.map(({ id, name, key }) => ({
          id: newId(),
          group_key: `${id}/${name}`,
          title: name,
          title_key: key,
          album_artist_id: id,
          created_at: at,
        })),
      )
      .execute();
    for (const text of ['lov', 'lovesong 3', 'love', 'lover']) {
      for (const kind of ['albums', 'artists'] as const) {
        expect(await throughSearch(kind, text), `${kind} ${text}`).toEqual(
          await byLike(kind, text),
        );
      }
    }
    expect(await throughSearch('albums', 'lovesong')).toHaveLength(20);
  });

  it('follow every write: a renamed album, artist, a deleted one', async () => {
    const { artistId, albumId } = await addArtistAndAlbum('Midnight Marauders');
    expect(await throughSearch('albums', 'maraud')).toEqual([albumId]);
    expect(await throughSearch('artists', 'midn')).toEqual([artistId]);

    await t.database.db
      .updateTable('albums')
      .set({ title: 'Low End Theory', title_key: foldKey('Low End Theory') })
      .where('id', '=', albumId)
      .execute();
    await t.database.db
      .updateTable('artists')
      .set({ name: 'Tribe Called Quest', name_key: foldKey('Tribe Called Quest') })
      .where('id', '=', artistId)
      .execute();
    expect(await throughSearch('albums', 'maraud')).toEqual([]);
    expect(await throughSearch('albums', 'theo')).toEqual([albumId]);
    expect(await throughSearch('artists', 'midn')).toEqual([]);
    expect(await throughSearch('artists', 'called qu')).toEqual([artistId]);

    await t.database.db.deleteFrom('albums').where('id', '=', albumId).execute();
    await t.database.db.deleteFrom('artists').where('id', '=', artistId).execute();
    expect(await throughSearch('albums', 'theo')).toEqual([]);
    expect(await throughSearch('artists', 'tribe')).toEqual([]);
    // A new one may take the freed key.
    const again = await addArtistAndAlbum('Theory of Everything');
    expect(await throughSearch('albums', 'theo')).toEqual([again.albumId]);
    expect(await throughSearch('artists', 'theo')).toEqual([again.artistId]);
  });

  onSqlite.it('read the word index on SQLite, never every album or artist', async () => {
    for (const kind of ['albums', 'artists'] as const) {
      const recorder = new QueryRecorder(t.database.db);
      const catalogue = new CatalogueRepository(
        t.database.db,
        t.database.longReads.withPlugin(recorder),
      );
      await (kind === 'albums'
        ? catalogue.albumsMatching('zebra', 20)
        : catalogue.artistsMatching('zebra', 20));
      const [query] = recorder.queries;
      const { rows } = await t.database.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query!.sql}`, [...query!.parameters]),
      );
      const plan = rows.map((row) => row.detail).join('\n');
      expect(plan).toContain(`SCAN f VIRTUAL TABLE INDEX`);
      expect(plan, plan).not.toMatch(new RegExp(`SCAN (${kind}|t)( |$)`, 'm'));
    }
  });

  it('goes down and up again', async () => {
    const { error } = await migratorOf(t).migrateTo('2026-11-30-last-plays');
    expect(error).toBeUndefined();
    await migrateToLatest(t.database.db, t.postgresSchema);
    expect(await throughSearch('albums', 'zebra')).toEqual(await byLike('albums', 'zebra'));
    expect(await throughSearch('artists', 'straß')).toEqual(await byLike('artists', 'straß'));
  });
});
