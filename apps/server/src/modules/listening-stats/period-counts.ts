import {
  deltaKey,
  type ItemKind,
  type ListenedSong,
  type TotalDelta,
  type TotalKind,
} from '../../domain/listening-totals';
import type { ItemCount } from './listening-stats-records';
import type { ListeningStatsRepository } from './listening-stats.repository';

/** The counts of one period, wherever they come from. */
export interface PeriodCounts {
  total(): Promise<ItemCount>;
  /** Most plays first, then most seconds, then the item (descending). */
  top(kind: ItemKind, limit: number): Promise<ItemCount[]>;
  count(kind: TotalKind): Promise<number>;
  /** The counts of some items of a kind (those without plays in the period are left out). */
  of(kind: ItemKind, items: readonly string[]): Promise<ItemCount[]>;
  /** Every count of the kind, by item. */
  every(kind: 'day' | 'hour' | 'weekday'): Promise<ItemCount[]>;
  /** The songs counted under some items of a kind, most played first. */
  songsAmong(kind: ItemKind, items: readonly string[], limit: number): Promise<string[]>;
}

/** A month's, a year's or all time's counts, as kept with each play. */
export function keptCounts(
  repository: ListeningStatsRepository,
  userId: string,
  period: string,
): PeriodCounts {
  return {
    total: () => repository.total(userId, period),
    top: (kind, limit) => repository.top(userId, period, kind, limit),
    count: (kind) => repository.count(userId, period, kind),
    of: (kind, items) => repository.countsOf(userId, period, kind, items),
    every: (kind) => repository.every(userId, period, kind),
    songsAmong: (kind, items, limit) => repository.songsAmong(userId, period, kind, items, limit),
  };
}

function mostPlayedFirst(a: ItemCount, b: ItemCount): number {
  return b.plays - a.plays || b.seconds - a.seconds || (a.item < b.item ? 1 : -1);
}

/** A week's counts, folded from its plays (`foldPlays` under one period, `period`). */
export function foldedCounts(
  deltas: ReadonlyMap<string, TotalDelta>,
  songs: ReadonlyMap<string, ListenedSong>,
  period: string,
): PeriodCounts {
  const ofKind = (kind: TotalKind): ItemCount[] =>
    [...deltas.values()]
      .filter((delta) => delta.kind === kind && delta.period === period)
      .map(({ item, plays, seconds }) => ({ item, plays, seconds }));
  const countedUnder = (song: ListenedSong, kind: ItemKind): readonly (string | null)[] =>
    kind === 'song'
      ? [song.id]
      : kind === 'album'
        ? [song.albumId]
        : kind === 'artist'
          ? song.artistIds
          : song.genreIds;
  return {
    total: () =>
      Promise.resolve(
        deltas.get(deltaKey(period, 'total', '')) ?? { item: '', plays: 0, seconds: 0 },
      ),
    top: (kind, limit) => Promise.resolve(ofKind(kind).sort(mostPlayedFirst).slice(0, limit)),
    count: (kind) => Promise.resolve(ofKind(kind).length),
    of: (kind, items) => {
      const wanted = new Set(items);
      return Promise.resolve(ofKind(kind).filter((count) => wanted.has(count.item)));
    },
    every: (kind) =>
      Promise.resolve(
        ofKind(kind).sort((a, b) => (a.item < b.item ? -1 : a.item > b.item ? 1 : 0)),
      ),
    songsAmong: (kind, items, limit) => {
      const wanted = new Set(items);
      return Promise.resolve(
        ofKind('song')
          .filter((count) => {
            const song = songs.get(count.item);
            return (
              song !== undefined &&
              countedUnder(song, kind).some((id) => id !== null && wanted.has(id))
            );
          })
          .sort(mostPlayedFirst)
          .slice(0, limit)
          .map((count) => count.item),
      );
    },
  };
}
