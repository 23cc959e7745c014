import type { CatalogueChanges } from '../../catalogue-changes';
import { KeptWhileUnchanged } from '../../kept-while-unchanged';
import { ByteLruCache } from '../../storage/byte-lru-cache';
import type {
  ListeningStatsFigures,
  ListeningStatsRecord,
  OnThisDayRecord,
  YearInMusicFigures,
  YearInMusicRecord,
} from './listening-stats-records';

/** Memory each kind of page kept may take on a node (a page is 10–30 KiB). */
const KEPT_BYTES = 8 * 1024 * 1024;

const sizeOf = (record: unknown, key: string) => key.length + JSON.stringify(record).length;

/**
 * Listeners' statistics pages as read, kept on this node until the catalogue changes (their
 * songs, albums and artists are shown) or, by their key, until the listener's plays, time zone
 * or day change (decision 098). A page's figures, which the plays alone decide, outlive a change
 * to the catalogue: the page is then made again from them by looking up what they name
 * (decision 107).
 */
export class KeptStats {
  readonly periods: KeptWhileUnchanged<ListeningStatsRecord>;
  readonly years: KeptWhileUnchanged<YearInMusicRecord>;
  readonly onThisDay: KeptWhileUnchanged<OnThisDayRecord>;
  readonly periodFigures: ByteLruCache<string, ListeningStatsFigures>;
  readonly yearFigures: ByteLruCache<string, YearInMusicFigures>;

  constructor(changes: CatalogueChanges, maxBytes = KEPT_BYTES) {
    this.periods = new KeptWhileUnchanged<ListeningStatsRecord>(changes, maxBytes, sizeOf);
    this.years = new KeptWhileUnchanged<YearInMusicRecord>(changes, maxBytes, sizeOf);
    this.onThisDay = new KeptWhileUnchanged<OnThisDayRecord>(changes, maxBytes, sizeOf);
    this.periodFigures = new ByteLruCache<string, ListeningStatsFigures>(maxBytes, sizeOf);
    this.yearFigures = new ByteLruCache<string, YearInMusicFigures>(maxBytes, sizeOf);
  }
}
