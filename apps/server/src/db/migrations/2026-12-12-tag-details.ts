import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration must never import the current table types or domain rules.

/** Between the genres of one tag value, as the library split them when this was written. */
const GENRE_SEPARATOR = /\s*[;/,|]\s*/u;
const MAX_GENRE_LENGTH = 100;
const MAX_SONG_GENRES = 20;
const BATCH = 500;

function foldKey(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * What the tags say beyond the seven genres:
 * - `genres` and `song_genres`: free-form genres as tagged, several per song, matched by
 *   `name_key` (case and spacing folded) and shown as first written;
 * - `song_lyrics`: a song's lyrics (LRC or plain text) from its tags, a `.lrc` beside its file,
 *   or an edit; `songs.lyrics_read` says its file was read for them (rows from before were not);
 * - songs' `bpm`, `comment`, `disc_subtitle`; albums' release and original dates, labels, release
 *   types and compilation flag;
 * - `edited_fields` on songs and albums: the fields an administrator set by hand (JSON array),
 *   which a scan of an unchanged file leaves as they are;
 * - `library_files.lyrics_file`: size and time of the `.lrc` beside the file, when there is one.
 * Existing songs get their genres from their genre text (or their filed genre, "other" aside).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('genres')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable('song_genres')
    .addColumn('song_id', 'text', (c) => c.notNull().references('songs.id').onDelete('cascade'))
    .addColumn('genre_id', 'text', (c) => c.notNull().references('genres.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('song_genres_pkey', ['song_id', 'genre_id'])
    .execute();
  await db.schema
    .createIndex('song_genres_genre_idx')
    .on('song_genres')
    .columns(['genre_id', 'song_id'])
    .execute();
  await db.schema
    .createTable('song_lyrics')
    .addColumn('song_id', 'text', (c) => c.notNull().references('songs.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) =>
      c.notNull().check(sql`source in ('embedded', 'sidecar', 'edited')`),
    )
    .addColumn('language', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('song_lyrics_pkey', ['song_id', 'position'])
    .execute();

  for (const [name, type] of [
    ['bpm', 'integer'],
    ['comment', 'text'],
    ['disc_subtitle', 'text'],
    ['edited_fields', 'text'],
  ] as const) {
    await db.schema.alterTable('songs').addColumn(name, type).execute();
  }
  await db.schema
    .alterTable('songs')
    .addColumn('lyrics_read', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const name of [
    'release_date',
    'original_date',
    'record_labels',
    'release_types',
    'edited_fields',
  ]) {
    await db.schema.alterTable('albums').addColumn(name, 'text').execute();
  }
  await db.schema
    .alterTable('albums')
    .addColumn('is_compilation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('library_files').addColumn('lyrics_file', 'text').execute();

  await genresOfExistingSongs(db);
}

/** Each song's genres from its genre text, or its filed genre's name unless that is "other". */
async function genresOfExistingSongs(db: Kysely<any>): Promise<void> {
  const genreIds = new Map<string, string>();
  let after = '';
  for (;;) {
    const songs: Array<{ id: string; genre: string; genre_text: string | null }> = await db
      .selectFrom('songs')
      .select(['id', 'genre', 'genre_text'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (songs.length === 0) return;
    after = songs.at(-1)!.id;
    const links: Array<{ song_id: string; genre_id: string; position: number }> = [];
    for (const song of songs) {
      for (const [position, name] of genresOf(song).entries()) {
        const key = foldKey(name);
        let id = genreIds.get(key);
        if (id === undefined) {
          id = randomUUID();
          genreIds.set(key, id);
          await db.insertInto('genres').values({ id, name, name_key: key }).execute();
        }
        links.push({ song_id: song.id, genre_id: id, position });
      }
    }
    if (links.length > 0) await db.insertInto('song_genres').values(links).execute();
  }
}

function genresOf(song: { genre: string; genre_text: string | null }): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const part of (song.genre_text ?? '').replaceAll('\u0000', ';').split(GENRE_SEPARATOR)) {
    const name = part.trim().replace(/\s+/gu, ' ');
    if (!name || name.length > MAX_GENRE_LENGTH || seen.has(foldKey(name))) continue;
    seen.add(foldKey(name));
    names.push(name);
  }
  if (names.length === 0 && song.genre !== 'other') {
    names.push(song.genre.charAt(0).toUpperCase() + song.genre.slice(1));
  }
  return names.slice(0, MAX_SONG_GENRES);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('library_files').dropColumn('lyrics_file').execute();
  for (const name of [
    'release_date',
    'original_date',
    'record_labels',
    'release_types',
    'edited_fields',
    'is_compilation',
  ]) {
    await db.schema.alterTable('albums').dropColumn(name).execute();
  }
  for (const name of ['bpm', 'comment', 'disc_subtitle', 'edited_fields', 'lyrics_read']) {
    await db.schema.alterTable('songs').dropColumn(name).execute();
  }
  await db.schema.dropTable('song_lyrics').execute();
  await db.schema.dropIndex('song_genres_genre_idx').execute();
  await db.schema.dropTable('song_genres').execute();
  await db.schema.dropTable('genres').execute();
}
