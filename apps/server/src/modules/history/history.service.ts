import type { PageQuery } from '@cadenza/contract/paging';
import type { HistoryQuery } from '@cadenza/contract/listening-history';
import { NotFound } from '../../errors';
import { DEFAULT_PAGE_SIZE, type Page } from '../../paging';
import type { Transactor } from '../../db/transactor';
import type { SongRecord } from '../songs/song-record';
import type { PlaysRepository } from '../songs/plays.repository';
import { songNotFound, type SongsService } from '../songs/songs.service';
import type { HistoryRepository } from './history.repository';
import type { UnmatchedListenRecord } from './history-records';

/** One play of the history page, with its song. */
export interface HistoryEntryRecord {
  readonly id: string;
  readonly playedAt: string;
  readonly song: SongRecord;
}

export interface HistoryWrites {
  readonly history: HistoryRepository;
  readonly plays: PlaysRepository;
}

const playNotFound = () => new NotFound('That play is not in your history.', 'play_not_found');
const listenNotFound = () =>
  new NotFound('That listen is not among your unmatched ones.', 'unmatched_listen_not_found');

/** The listener's listening history: every play, and the brought-along listens left to match. */
export class HistoryService {
  constructor(
    private readonly history: HistoryRepository,
    private readonly songs: SongsService,
    private readonly transact: Transactor<HistoryWrites>,
  ) {}

  /** A page of the listener's plays, newest first, each with its song. */
  async page(userId: string, query: HistoryQuery): Promise<Page<HistoryEntryRecord>> {
    const limit = Number(query.limit ?? DEFAULT_PAGE_SIZE);
    const page = await this.history.playsPage(userId, { limit, cursor: query.cursor, q: query.q });
    const songs = new Map(
      (await this.songs.findAll(page.items.map((play) => play.songId))).map((s) => [s.id, s]),
    );
    const items = page.items.flatMap((play) => {
      const song = songs.get(play.songId);
      return song ? [{ id: play.id, playedAt: play.playedAt, song }] : [];
    });
    return { items, nextCursor: page.nextCursor };
  }

  /** Takes a play out of the history and out of every count it was in. */
  async removePlay(userId: string, playId: number): Promise<void> {
    if (!(await this.transact(({ plays }) => plays.remove(userId, playId)))) throw playNotFound();
  }

  unmatched(userId: string, query: PageQuery): Promise<Page<UnmatchedListenRecord>> {
    return this.history.unmatchedPage(userId, {
      limit: query.limit ?? DEFAULT_PAGE_SIZE,
      cursor: query.cursor,
    });
  }

  /** The listener says which song a listen was of: it becomes a play at its own time. */
  async match(userId: string, listenId: string, songId: string): Promise<void> {
    await this.transact(async ({ history, plays }) => {
      const listen = await history.findUnmatched(userId, listenId);
      if (!listen) throw listenNotFound();
      if ((await plays.record(userId, [{ songId, playedAt: listen.playedAt }])) === 0)
        throw songNotFound();
      await history.removeUnmatched(userId, listenId);
    });
  }

  /** The listener lets a listen go: it leaves the list and never becomes a play. */
  async dismiss(userId: string, listenId: string): Promise<void> {
    if (!(await this.history.removeUnmatched(userId, listenId))) throw listenNotFound();
  }
}
