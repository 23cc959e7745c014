import type { Kysely } from 'kysely';
import { forUpdate } from '../../db/atomic';
import { editedFieldsColumn } from '../../db/edited-fields';
import type { Database } from '../../db/schema';
import { foldKey } from '../../domain/grouping';

/** An album's row as an edit of it reads it. */
export interface EditedAlbumRow {
  readonly id: string;
  readonly title: string;
  readonly albumArtistId: string;
  readonly albumArtistName: string;
  readonly year: number | null;
  /** The date its tags give ("2004", "2004-03" or "2004-03-02"), shown before the year. */
  readonly releaseDate: string | null;
  /** Its own cover (not its first track's); null for none. */
  readonly coverKey: string | null;
  readonly createdAt: string | Date;
  readonly editedFields: string | null;
}

/** What an edit writes to an album's row; each absent field stays. */
export interface AlbumRowChanges {
  readonly title: string;
  readonly albumArtistId?: string;
  readonly year?: number;
  readonly releaseDate?: string;
  readonly coverKey?: string | null;
  readonly editedFields: readonly string[];
}

/**
 * An administrator's edits of albums (`albums`): its title, artist, year and cover. The album
 * keeps its `group_key`, so that a later scan of its files still finds it. Runs inside the
 * transaction of the edit (pass this repository that transaction's handle).
 */
export class AlbumEditsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Locks an album's row for an edit and answers it, with its artist's name; null for none. */
  async lockAlbum(id: string): Promise<EditedAlbumRow | null> {
    const row = await forUpdate(
      this.db,
      this.db
        .selectFrom('albums')
        .select([
          'id',
          'title',
          'album_artist_id',
          'year',
          'release_date',
          'cover_key',
          'created_at',
          'edited_fields',
        ])
        .where('id', '=', id),
    ).executeTakeFirst();
    if (!row) return null;
    const artist = await this.db
      .selectFrom('artists')
      .select('name')
      .where('id', '=', row.album_artist_id)
      .executeTakeFirstOrThrow();
    return {
      id: row.id,
      title: row.title,
      albumArtistId: row.album_artist_id,
      albumArtistName: artist.name,
      year: row.year,
      releaseDate: row.release_date,
      coverKey: row.cover_key,
      createdAt: row.created_at,
      editedFields: row.edited_fields,
    };
  }

  /** The ids of the songs of an album. */
  async songIdsOf(albumId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('songs')
      .select('id')
      .where('album_id', '=', albumId)
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  async update(id: string, changes: AlbumRowChanges): Promise<void> {
    await this.db
      .updateTable('albums')
      .set({
        title: changes.title,
        title_key: foldKey(changes.title),
        album_artist_id: changes.albumArtistId,
        year: changes.year,
        release_date: changes.releaseDate,
        cover_key: changes.coverKey,
        edited_fields: editedFieldsColumn(changes.editedFields),
        // A title typed by hand sorts as it is typed, not as the files' ALBUMSORT says.
        ...(changes.editedFields.includes('title') ? { sort_title: null } : {}),
      })
      .where('id', '=', id)
      .execute();
  }
}
