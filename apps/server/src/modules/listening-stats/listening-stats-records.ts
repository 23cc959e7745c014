import type { StreakSpan } from '../../domain/listening-totals';
import type { AlbumRecord, ArtistRecord } from '../catalogue/catalogue-records';
import type { SongRecord } from '../songs/song-record';

/** Plays and seconds counted under one item (a song, an artist, a day, an hour…). */
export interface ItemCount {
  readonly item: string;
  readonly plays: number;
  readonly seconds: number;
}

export interface TagGenreName {
  readonly id: string;
  readonly name: string;
}

export interface Listened<T> {
  readonly value: T;
  readonly plays: number;
  readonly seconds: number;
}

export interface TotalsRecord {
  readonly plays: number;
  readonly seconds: number;
  readonly days: number;
  readonly songs: number;
  readonly artists: number;
}

export interface TopListsRecord {
  readonly topSongs: readonly Listened<SongRecord>[];
  readonly topArtists: readonly Listened<ArtistRecord>[];
  readonly topAlbums: readonly Listened<AlbumRecord>[];
  readonly topGenres: readonly Listened<TagGenreName>[];
}

export interface DiscoveriesRecord {
  readonly artistCount: number;
  readonly songCount: number;
  readonly artists: readonly (Listened<ArtistRecord> & { readonly firstPlayed: string })[];
}

/** The top lists by id: what the listener's plays alone decide. */
export interface TopCounts {
  readonly songs: readonly ItemCount[];
  readonly artists: readonly ItemCount[];
  readonly albums: readonly ItemCount[];
  readonly genres: readonly ItemCount[];
}

/** The discoveries by id, most played first. */
export interface DiscoveryCounts {
  readonly artistCount: number;
  readonly songCount: number;
  readonly artists: readonly (ItemCount & { readonly firstPlayed: string })[];
}

/** The lists a page shows, named: what the catalogue holds of the items its figures count. */
export interface NamedLists extends TopListsRecord {
  readonly discoveries: DiscoveriesRecord;
}

/**
 * A page's figures: what it shows, its songs, albums, artists and genres named by id only. They
 * come from the listener's plays alone: no change to the catalogue alters them.
 */
type Figures<R extends NamedLists> = Omit<R, keyof NamedLists> & {
  readonly top: TopCounts;
  readonly discoveries: DiscoveryCounts;
};

export interface ListeningStatsRecord extends TopListsRecord {
  readonly period: 'week' | 'month' | 'year' | 'all';
  readonly from: string | null;
  readonly to: string | null;
  readonly previousAt: string | null;
  readonly nextAt: string | null;
  readonly timeZone: string;
  readonly totals: TotalsRecord;
  readonly discoveries: DiscoveriesRecord;
  readonly byHour: readonly number[];
  readonly byWeekday: readonly number[];
  readonly longestStreak: StreakSpan | null;
  readonly currentStreak: StreakSpan | null;
}

export interface YearInMusicRecord extends TopListsRecord {
  readonly year: number;
  readonly timeZone: string;
  readonly totals: TotalsRecord;
  readonly discoveries: DiscoveriesRecord;
  readonly months: readonly { month: string; plays: number; seconds: number }[];
  readonly busiestDay: { day: string; plays: number; seconds: number } | null;
  readonly favouriteHour: number | null;
  readonly favouriteWeekday: number | null;
  readonly longestStreak: StreakSpan | null;
}

export type ListeningStatsFigures = Figures<ListeningStatsRecord>;
export type YearInMusicFigures = Figures<YearInMusicRecord>;

export interface OnThisDayRecord {
  readonly day: string;
  readonly played: readonly { year: number; songs: readonly SongRecord[] }[];
  readonly released: readonly AlbumRecord[];
}
