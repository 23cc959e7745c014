import type { SmartCriteria } from '@cadenza/contract/smart-playlists';
import type { CatalogueChanges } from '../../catalogue-changes';
import { KeptWhileUnchanged } from '../../kept-while-unchanged';
import { readsOf } from './smart-reads';

/** The songs smart criteria choose, in their order, and their seconds together. */
export interface SmartMatchList {
  readonly ids: readonly string[];
  readonly seconds: number;
}

/** Where the lists come from (`SmartSongsRepository`). */
export interface SmartMatchSource {
  ordered(
    criteria: SmartCriteria,
    listenerId: string,
    atMost: number,
  ): Promise<SmartMatchList | null>;
  listenerStamp(
    listenerId: string,
    reads: { readonly plays: boolean; readonly likes: boolean },
  ): Promise<string>;
}

/** Memory the lists kept may take on a node. */
export const SMART_MATCHES_BYTES = 32 * 1024 * 1024;
/** The most songs one list kept holds; criteria choosing more are read page by page. */
export const MAX_KEPT_MATCHES = 100_000;
/** What one id costs in memory, about (a 36-character string and its slot). */
const BYTES_PER_ID = 100;

/** A list too long to keep: known so, until the catalogue changes, so as not to read it again. */
const TOO_MANY = Symbol('too many');
type Kept = SmartMatchList | typeof TOO_MANY;

/**
 * The songs of smart playlists as their rules chose them, kept in memory on each node so that a
 * page is its slice of ids (read by primary key, as an ordinary playlist's), and the count and
 * seconds need no statement (decision 098). Never stale: a list is keyed by its criteria and,
 * when its rules read the listener's plays or likes, by a stamp of them read with each request;
 * every list is dropped when the catalogue changes (here or on another node), and kept only
 * while every change reaches this node (`CatalogueChanges.trusted`). Criteria relative to now
 * ("in the last 30 days") and random orders are read each time, as are lists of more than
 * `maxSongs` songs.
 */
export class SmartMatches {
  private readonly kept: KeptWhileUnchanged<Kept>;

  constructor(
    changes: CatalogueChanges,
    maxBytes = SMART_MATCHES_BYTES,
    private readonly maxSongs = MAX_KEPT_MATCHES,
  ) {
    this.kept = new KeptWhileUnchanged(changes, maxBytes, (list, key) =>
      list === TOO_MANY ? key.length : key.length + list.ids.length * BYTES_PER_ID,
    );
  }

  /** The bytes held now, about. */
  get bytes(): number {
    return this.kept.bytes;
  }

  /** The list the criteria choose for the listener now; null when it is not kept (see above). */
  async of(
    criteria: SmartCriteria,
    listenerId: string,
    source: SmartMatchSource,
  ): Promise<SmartMatchList | null> {
    const { plays, likes, relative } = readsOf(criteria);
    if (relative || criteria.sort.field === 'random' || !this.kept.usable()) return null;
    // Criteria that read nothing of the listener choose the same songs for everyone.
    const own =
      plays || likes ? [listenerId, await source.listenerStamp(listenerId, { plays, likes })] : [];
    const found = await this.kept.get(
      JSON.stringify([criteria, ...own]),
      async () => (await source.ordered(criteria, listenerId, this.maxSongs)) ?? TOO_MANY,
    );
    return found === TOO_MANY ? null : found;
  }
}
