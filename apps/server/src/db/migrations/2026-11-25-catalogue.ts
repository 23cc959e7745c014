import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';

// Frozen in time: this migration must never import the current table types, nor the grouping
// rules of today (a later change to them must not change what this migration did).

/**
 * The catalogue: artists, albums, and the artists of each song with their role. Songs gain
 * their place on an album and the technical facts of their file. Every song there is becomes a
 * track of the album its album text names (one album per album title and artist, case and
 * spacing ignored), or a single (an album of one named after the song); its artist text becomes
 * its one main artist.
 *
 * Beside the columns of the model, `artists.name_key` and `albums.group_key` are the identities
 * that grouping matches (unique), and `artists.sort_key` / `albums.title_key` the folded texts
 * that the alphabetical listings order by, so that both dialects order alike.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = postgres ? sql`timestamptz` : sql`text`;

  await db.schema
    .createTable('artists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull().unique())
    .addColumn('sort_name', 'text', (c) => c.notNull())
    .addColumn('sort_key', 'text', (c) => c.notNull())
    .addColumn('musicbrainz_id', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('artists_sort_idx')
    .on('artists')
    .columns(['sort_key', 'id'])
    .execute();

  await db.schema
    .createTable('albums')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_key', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_key', 'text', (c) => c.notNull())
    .addColumn('album_artist_id', 'text', (c) => c.notNull().references('artists.id'))
    .addColumn('year', 'integer')
    .addColumn('musicbrainz_release_id', 'text')
    .addColumn('cover_key', 'text')
    .addColumn('disc_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  const albumIndexes = [
    ['albums_created_at_idx', ['created_at', 'id']],
    ['albums_title_idx', ['title_key', 'id']],
    ['albums_artist_idx', ['album_artist_id', 'created_at', 'id']],
    ['albums_year_idx', ['year', 'id']],
    ['albums_cover_key_idx', ['cover_key']],
  ] as const;
  for (const [name, columns] of albumIndexes) {
    await db.schema
      .createIndex(name)
      .on('albums')
      .columns([...columns])
      .execute();
  }

  await db.schema
    .createTable('song_artists')
    .addColumn('song_id', 'text', (c) => c.notNull().references('songs.id').onDelete('cascade'))
    .addColumn('artist_id', 'text', (c) => c.notNull().references('artists.id'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('main', 'featured')`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('song_artists_pkey', ['song_id', 'artist_id'])
    .execute();
  await db.schema
    .createIndex('song_artists_artist_idx')
    .on('song_artists')
    .columns(['artist_id', 'song_id'])
    .execute();

  const songColumns: [string, 'text' | 'integer' | 'real'][] = [
    ['track_number', 'integer'],
    ['disc_number', 'integer'],
    ['album_artist', 'text'],
    ['codec', 'text'],
    ['container', 'text'],
    ['bit_rate', 'integer'],
    ['sample_rate', 'integer'],
    ['channels', 'integer'],
    ['duration_ms', 'integer'],
    ['sha256', 'text'],
    ['replaygain_track_gain', 'real'],
    ['replaygain_track_peak', 'real'],
    ['replaygain_album_gain', 'real'],
    ['replaygain_album_peak', 'real'],
    ['genre_text', 'text'],
  ];
  await db.schema
    .alterTable('songs')
    .addColumn('album_id', 'text', (c) => c.references('albums.id'))
    .execute();
  for (const [name, type] of songColumns) {
    await db.schema.alterTable('songs').addColumn(name, type).execute();
  }
  await db.schema
    .createIndex('songs_album_idx')
    .on('songs')
    .columns(['album_id', 'disc_number', 'track_number'])
    .execute();
  await db.schema.createIndex('songs_sha256_idx').on('songs').column('sha256').execute();
  await db.schema
    .createIndex('songs_play_count_idx')
    .on('songs')
    .columns(['play_count', 'id'])
    .execute();

  await sql`UPDATE songs SET duration_ms = duration * 1000`.execute(db);
  await groupExistingSongs(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['songs_album_idx', 'songs_sha256_idx', 'songs_play_count_idx']) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of [
    'album_id',
    'track_number',
    'disc_number',
    'album_artist',
    'codec',
    'container',
    'bit_rate',
    'sample_rate',
    'channels',
    'duration_ms',
    'sha256',
    'replaygain_track_gain',
    'replaygain_track_peak',
    'replaygain_album_gain',
    'replaygain_album_peak',
    'genre_text',
  ]) {
    await db.schema.alterTable('songs').dropColumn(column).execute();
  }
  await db.schema.dropTable('song_artists').execute();
  await db.schema.dropTable('albums').execute();
  await db.schema.dropTable('artists').execute();
}

interface ExistingSong {
  id: string;
  title: string;
  artist: string;
  album: string | null;
  release_year: number | null;
  created_at: Date | string;
}

/** Case and runs of spaces ignored, as grouping compares names. */
function fold(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** "The Beatles" sorts as "Beatles, The". */
function sortName(name: string): string {
  const the = /^the\s+(.+)$/i.exec(name.trim());
  return the?.[1] ? `${the[1]}, The` : name.trim();
}

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : value;
}

/** Songs per batch read and rows per insert: well under SQLite's limit of bound parameters. */
const BATCH = 100;

async function groupExistingSongs(db: Kysely<any>): Promise<void> {
  const artists = new Map<string, string>();
  const albums = new Map<string, string>();
  let after = '';
  for (;;) {
    const songs = (await db
      .selectFrom('songs')
      .select(['id', 'title', 'artist', 'album', 'release_year', 'created_at'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute()) as ExistingSong[];
    const last = songs[songs.length - 1];
    if (!last) return;
    after = last.id;
    for (const song of songs) {
      const createdAt = iso(song.created_at);
      const artistName = song.artist.trim() || 'Unknown Artist';
      const nameKey = fold(artistName);
      let artistId = artists.get(nameKey);
      if (!artistId) {
        artistId = uuidv7();
        artists.set(nameKey, artistId);
        const sort = sortName(artistName);
        await db
          .insertInto('artists')
          .values({
            id: artistId,
            name: artistName,
            name_key: nameKey,
            sort_name: sort,
            sort_key: fold(sort),
            musicbrainz_id: null,
            created_at: createdAt,
          })
          .execute();
      }
      const albumTitle = song.album?.trim() || null;
      const groupKey = albumTitle ? `t:${fold(albumTitle)}\u0001${nameKey}` : `s:${song.id}`;
      let albumId = albums.get(groupKey);
      if (!albumId) {
        albumId = uuidv7();
        albums.set(groupKey, albumId);
        const title = albumTitle ?? song.title;
        await db
          .insertInto('albums')
          .values({
            id: albumId,
            group_key: groupKey,
            title,
            title_key: fold(title),
            album_artist_id: artistId,
            year: song.release_year,
            musicbrainz_release_id: null,
            cover_key: null,
            disc_count: 1,
            created_at: createdAt,
          })
          .execute();
      } else {
        // An album is as old as its oldest track and from the year its tracks first give.
        await db
          .updateTable('albums')
          .set({
            created_at: sql`CASE WHEN created_at > ${createdAt} THEN ${createdAt} ELSE created_at END`,
            year: sql`coalesce(year, ${song.release_year})`,
          })
          .where('id', '=', albumId)
          .execute();
      }
      await db
        .updateTable('songs')
        .set({ album_id: albumId, album_artist: artistName })
        .where('id', '=', song.id)
        .execute();
      await db
        .insertInto('song_artists')
        .values({ song_id: song.id, artist_id: artistId, role: 'main', position: 0 })
        .execute();
    }
  }
}
