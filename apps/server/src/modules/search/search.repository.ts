import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/database';
import { dialectOf } from '../../db/dialect';
import type { Database, SongRow } from '../../db/schema';
import { creditsOfSongs } from '../../db/song-credits';
import { genresOfSongs } from '../../db/song-genres';
import { songRecordOf, withCredits, type SongRecord } from '../songs/song-record';
import {
  POSTGRES_FIRST_RECENT_SONGS,
  POSTGRES_RECENT_SONGS,
  postgresEveryWordContained,
  postgresEveryWordStarts,
  postgresNewestSubstringMatches,
  postgresNewestWordMatches,
  postgresPrefixQuery,
  postgresRecentSubstringMatches,
  postgresRecentWordMatches,
  type RecentRow,
} from './postgres-search.repository';
import { hasTrigrams, searchGroups, type SearchGroup } from './search-groups';
import {
  sqliteNewestMatches,
  sqliteSubstringMatch,
  sqliteWordMatch,
} from './sqlite-search.repository';
import { recentSubstringMatches } from './recent-substring.repository';

export class SearchRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private get dialect(): DialectName {
    return dialectOf(this.db);
  }

  /**
   * Songs where each word starts a word of the title, artist, album or genre, accents and case
   * ignored. `words` must hold letters and digits only (see search-terms.ts).
   */
  async matchWords(words: string[], limit: number): Promise<SongRecord[]> {
    if (words.length === 0) return [];
    const groups = searchGroups(words, 'word starts');
    if (this.dialect === 'postgres') {
      const text = words.join(' ');
      const everyWord = postgresEveryWordStarts(words);
      const query = postgresPrefixQuery(text);
      return this.postgresByGroup(
        groups,
        limit,
        {
          recent: (among, songs) => postgresRecentWordMatches(query, among, limit, songs),
          everyWord,
        },
        (group) => postgresNewestWordMatches(text, group, limit),
      );
    }
    return this.sqliteByGroup(groups, limit, (group) =>
      sqliteNewestMatches('songs_fts', sqliteWordMatch(words, group), limit),
    );
  }

  /**
   * Songs whose fields contain every word anywhere, even mid-word; case ignored, accents kept.
   * Words of three characters or more are looked up in the trigram indexes; a search holding a
   * shorter one reads the SHORT_SUBSTRING_SONGS newest songs only. `words` must hold letters and
   * digits only (see search-terms.ts).
   */
  async matchSubstrings(words: string[], limit: number): Promise<SongRecord[]> {
    if (words.length === 0) return [];
    if (!words.every(hasTrigrams)) return this.matchSubstringsOfRecent(words, limit);
    const groups = searchGroups(words, 'substrings');
    if (this.dialect === 'postgres') {
      const everyWord = postgresEveryWordContained(words);
      return this.postgresByGroup(
        groups,
        limit,
        {
          recent: (among, songs) => postgresRecentSubstringMatches(words, among, limit, songs),
          everyWord,
        },
        (group) => postgresNewestSubstringMatches(words, group, limit),
      );
    }
    return this.sqliteByGroup(groups, limit, (group) =>
      sqliteNewestMatches('songs_trigram', sqliteSubstringMatch(words, group), limit),
    );
  }

  /**
   * Each group (the songs with every word in the title, artist, album, genre, or anywhere)
   * is read newest first, `limit` songs at most, skipping songs a better group already gave,
   * and the next group only while the answer is short. A group that yields fewer was read in
   * full, so every song ranked before the next group is in the answer by then; a group that
   * yields `limit` songs, less the ones already given, fills the answer. Nothing is ranked
   * beyond what the answer needs.
   */
  private async sqliteByGroup(
    groups: SearchGroup[],
    limit: number,
    newestInGroup: (group: SearchGroup) => RawBuilder<SongRow>,
  ): Promise<SongRecord[]> {
    const found = new Map<string, SongRecord>();
    for (const group of groups) {
      const { rows } = await newestInGroup(group).execute(this.db);
      for (const row of rows) {
        if (found.size === limit) break;
        if (!found.has(row.id)) found.set(row.id, songRecordOf(row, [], []));
      }
      if (found.size === limit) break;
    }
    return this.withCredits([...found.values()]);
  }

  /**
   * As sqliteByGroup, but the newest POSTGRES_RECENT_SONGS songs are read once and each
   * group's matches among them marked. A group with `limit` matches there needs nothing more.
   * Any other group has few matches among recent songs, hence (unless the library is lopsided)
   * few at all, and all of them are found through its index and sorted.
   * Before that, the first group alone among the POSTGRES_FIRST_RECENT_SONGS newest: when it has
   * `limit` matches there, they are the answer (the newest songs first, whatever the window).
   * When it has none, `everyWord` (one index probe a word) tells whether any song can match: a
   * word found nowhere ends the search there, without a read per group.
   */
  private async postgresByGroup(
    groups: SearchGroup[],
    limit: number,
    first: {
      recent: (among: SearchGroup[], songs: number) => RawBuilder<RecentRow>;
      everyWord: RawBuilder<boolean>;
    },
    newestInGroup: (group: SearchGroup) => RawBuilder<SongRow>,
  ): Promise<SongRecord[]> {
    const best = groups.slice(0, 1);
    const { rows: newest } = await first.recent(best, POSTGRES_FIRST_RECENT_SONGS).execute(this.db);
    if (newest.length === limit) {
      return this.withCredits(newest.map((row) => songRecordOf(row, [], [])));
    }
    if (newest.length === 0) {
      const { rows } = await sql<{ found: boolean }>`SELECT ${first.everyWord} AS found`.execute(
        this.db,
      );
      if (!rows[0]?.found) return [];
    }
    const { rows: recent } = await first.recent(groups, POSTGRES_RECENT_SONGS).execute(this.db);
    const found = new Map<string, SongRecord>();
    for (const group of groups) {
      let rows: SongRow[] = recent.filter((row) => row[`wanted_${group}`]);
      if (rows.length < limit) ({ rows } = await newestInGroup(group).execute(this.db));
      for (const row of rows) {
        if (found.size === limit) break;
        if (!found.has(row.id)) found.set(row.id, songRecordOf(row, [], []));
      }
      if (found.size === limit) break;
    }
    return this.withCredits([...found.values()]);
  }

  /** matchSubstrings among the SHORT_SUBSTRING_SONGS newest songs, the same on both databases. */
  private async matchSubstringsOfRecent(words: string[], limit: number): Promise<SongRecord[]> {
    const { rows } = await recentSubstringMatches(this.dialect, words, limit).execute(this.db);
    return this.withCredits(rows.map((row) => songRecordOf(row, [], [])));
  }

  /** These records (read without their artists) with their artists. */
  private async withCredits(records: readonly SongRecord[]): Promise<SongRecord[]> {
    return withCredits(
      records,
      await creditsOfSongs(this.db, records),
      await genresOfSongs(this.db, records),
    );
  }
}
