import type {
  HistoryEntry,
  HistoryImport,
  UnmatchedListen,
} from '@cadenza/contract/listening-history';
import type { MediaUrls } from '../delivery/media-urls';
import { presentSong } from '../songs/songs.presenter';
import type { HistoryImportRecord, UnmatchedListenRecord } from './history-records';
import type { HistoryEntryRecord } from './history.service';

export function presentHistoryEntry(entry: HistoryEntryRecord, urls: MediaUrls): HistoryEntry {
  return { id: entry.id, playedAt: entry.playedAt, song: presentSong(entry.song, urls) };
}

export function presentHistoryImport(record: HistoryImportRecord): HistoryImport {
  const { userId: _userId, ...shown } = record;
  return shown;
}

export function presentUnmatchedListen(listen: UnmatchedListenRecord): UnmatchedListen {
  return { ...listen };
}
