import { sql, type Kysely } from 'kysely';
import type { PageQuery } from '@cadenza/contract/paging';
import type { Database } from '../../db/schema';
import { creditsOfSongs } from '../../db/song-credits';
import { genresOfSongs } from '../../db/song-genres';
import { genreKey } from '../../domain/tag-genres';
import { DEFAULT_PAGE_SIZE, decodeIdCursor, toPage, type Page } from '../../paging';
import { songRecordsWith, type SongRecord } from '../songs/song-record';
import type { TagGenreRecord } from './genre-record';

interface CountedGenreRow {
  id: string;
  name: string;
  song_count: number | string | bigint;
  album_count: number | string | bigint;
}

function tagGenreRecordOf(row: CountedGenreRow): TagGenreRecord {
  return {
    id: row.id,
    name: row.name,
    songCount: Number(row.song_count),
    albumCount: Number(row.album_count),
  };
}

/** `text` as a LIKE pattern that matches it literally (`\` escapes). */
function literally(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The tag genres (`genres`, `song_genres`, written with a song's links by the catalogue) as
 * listeners browse them: each with its songs and albums counted from the rows (long reads), and
 * each one's songs a page at a time.
 */
export class GenresRepository {
  /**
   * `longReads` runs the reads whose work grows with the whole library (counting every genre's
   * songs): off the server's thread on SQLite (DatabaseHandle.longReads, decision 052).
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly longReads: Kysely<Database> = db,
  ) {}

  /** Genres with their songs and albums counted; a genre without songs has no row. */
  private counted(db: Kysely<Database>) {
    return db
      .selectFrom('genres')
      .innerJoin('song_genres', 'song_genres.genre_id', 'genres.id')
      .innerJoin('songs', 'songs.id', 'song_genres.song_id')
      .select((eb) => [
        'genres.id',
        'genres.name',
        eb.fn.countAll().as('song_count'),
        eb.fn.count('songs.album_id').distinct().as('album_count'),
      ])
      .groupBy(['genres.id', 'genres.name', 'genres.name_key']);
  }

  /** Every genre that has songs, by name (case ignored). */
  async all(): Promise<TagGenreRecord[]> {
    const rows = await this.counted(this.longReads)
      .orderBy('genres.name_key')
      .orderBy('genres.id')
      .execute();
    return rows.map(tagGenreRecordOf);
  }

  /** A genre with its counts: a long read too, as a genre may hold much of the library. */
  async find(id: string): Promise<TagGenreRecord | null> {
    const row = await this.counted(this.longReads).where('genres.id', '=', id).executeTakeFirst();
    return row ? tagGenreRecordOf(row) : null;
  }

  /** Whether there is a genre of this id (one without songs is pruned with its last song). */
  async exists(id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('genres')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Genres whose name holds `text` (case and spacing ignored), those it starts first, then by
   * name. The genres are few (a library's tags name hundreds, not millions): no index is needed.
   */
  async matching(text: string, limit: number): Promise<TagGenreRecord[]> {
    const key = genreKey(text);
    if (key === '') return [];
    const nameKey = sql.ref('genres.name_key');
    const rows = await this.counted(this.longReads)
      .where(sql<boolean>`${nameKey} LIKE ${`%${literally(key)}%`} ESCAPE '\\'`)
      .orderBy(sql`CASE WHEN ${nameKey} LIKE ${`${literally(key)}%`} ESCAPE '\\' THEN 0 ELSE 1 END`)
      .orderBy('genres.name_key')
      .orderBy('genres.id')
      .limit(limit)
      .execute();
    return rows.map(tagGenreRecordOf);
  }

  /**
   * The page a client asked for of a genre's songs, newest added first: by song id, which is made
   * in the order songs are added, so that a page is one range of the genre's index
   * (song_genres_genre_idx) however many songs the genre has; a cursor names the last song.
   */
  async songPage(genreId: string, query: PageQuery): Promise<Page<SongRecord>> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = query.cursor === undefined ? null : decodeIdCursor(query.cursor);
    let page = this.db
      .selectFrom('song_genres')
      .innerJoin('songs', 'songs.id', 'song_genres.song_id')
      .selectAll('songs')
      .where('song_genres.genre_id', '=', genreId);
    if (after !== null) page = page.where('song_genres.song_id', '<', after);
    const rows = await page
      .orderBy('song_genres.song_id', 'desc')
      .limit(limit + 1)
      .execute();
    const songs = songRecordsWith(
      rows,
      await creditsOfSongs(this.db, rows),
      await genresOfSongs(this.db, rows),
    );
    return toPage(songs, limit, (song) => song.id);
  }
}
