import { forUpdate } from '../../db/atomic';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { TagLyrics } from '../../domain/grouping';
import type { LyricsRecord } from './lyrics-record';

/** Songs' lyrics (`song_lyrics`), and whether a song's file was read for them. */
export class LyricsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A song's lyrics in their order (an edit first, then as its file gave them). */
  async of(songId: string): Promise<LyricsRecord[]> {
    const rows = await this.db
      .selectFrom('song_lyrics')
      .select(['song_id', 'source', 'language', 'text'])
      .where('song_id', '=', songId)
      .orderBy('position')
      .execute();
    return rows.map((row) => ({
      songId: row.song_id,
      source: row.source,
      language: row.language,
      text: row.text,
    }));
  }

  /**
   * Locks the song's row until the transaction ends (this repository must be bound to one), so
   * that changes of its lyrics take turns; false when there is no such song.
   */
  async lockSong(songId: string): Promise<boolean> {
    const row = await forUpdate(
      this.db,
      this.db.selectFrom('songs').select('id').where('id', '=', songId),
    ).executeTakeFirst();
    return row !== undefined;
  }

  /** Whether the song's file was read for lyrics; null when there is no such song. */
  async wasRead(songId: string): Promise<boolean | null> {
    const row = await this.db
      .selectFrom('songs')
      .select('lyrics_read')
      .where('id', '=', songId)
      .executeTakeFirst();
    return row ? row.lyrics_read === 1 : null;
  }

  /** Replaces every lyrics of the song (edited ones too) with these, and notes its file read. */
  async replaceFromFile(songId: string, lyrics: readonly TagLyrics[]): Promise<void> {
    await this.db.deleteFrom('song_lyrics').where('song_id', '=', songId).execute();
    await this.insert(songId, lyrics);
    await this.db.updateTable('songs').set({ lyrics_read: 1 }).where('id', '=', songId).execute();
  }

  /**
   * Keeps what a file read late holds beside an edit (or a `.lrc` a scan found) made before, and
   * notes the file read.
   */
  async fillFromFile(songId: string, lyrics: readonly TagLyrics[]): Promise<void> {
    await this.db
      .deleteFrom('song_lyrics')
      .where('song_id', '=', songId)
      .where('source', '=', 'embedded')
      .execute();
    await this.insert(songId, lyrics);
    await this.markRead(songId);
  }

  /**
   * Replaces the lyrics of a `.lrc` beside the song's file with these (none: it is gone); the
   * lyrics of its tags stay, and so does an edit unless `replaceEdit`. Answers whether the song
   * had an edit this replaced.
   */
  async replaceSidecar(
    songId: string,
    lyrics: TagLyrics | null,
    replaceEdit: boolean,
  ): Promise<boolean> {
    const sources = replaceEdit ? (['sidecar', 'edited'] as const) : (['sidecar'] as const);
    const removed = await this.db
      .deleteFrom('song_lyrics')
      .where('song_id', '=', songId)
      .where('source', 'in', [...sources])
      .returning('source')
      .execute();
    if (lyrics) await this.insert(songId, [lyrics]);
    return removed.some((row) => row.source === 'edited');
  }

  /** Sets the edited lyrics of a song, before any other. */
  async setEdited(songId: string, language: string | null, text: string): Promise<void> {
    await this.db
      .deleteFrom('song_lyrics')
      .where('song_id', '=', songId)
      .where('source', '=', 'edited')
      .execute();
    await this.db
      .insertInto('song_lyrics')
      .values({ song_id: songId, position: -1, source: 'edited', language, text })
      .execute();
  }

  /** Removes every lyrics of the song; answers how many there were. */
  async removeAll(songId: string): Promise<number> {
    const result = await this.db
      .deleteFrom('song_lyrics')
      .where('song_id', '=', songId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Notes the song's file read for lyrics (the store holds what it had). */
  async markRead(songId: string): Promise<void> {
    await this.db.updateTable('songs').set({ lyrics_read: 1 }).where('id', '=', songId).execute();
  }

  private async insert(songId: string, lyrics: readonly TagLyrics[]): Promise<void> {
    if (lyrics.length === 0) return;
    const last = await this.db
      .selectFrom('song_lyrics')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('song_id', '=', songId)
      .executeTakeFirst();
    const first = Math.max(-1, Number(last?.position ?? -1)) + 1;
    await this.db
      .insertInto('song_lyrics')
      .values(
        lyrics.map((entry, index) => ({
          song_id: songId,
          position: first + index,
          source: entry.source,
          language: entry.language,
          text: entry.text,
        })),
      )
      .execute();
  }
}
