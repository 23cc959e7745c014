import type { Readable } from 'node:stream';
import {
  RECENTLY_PLAYED_MAX,
  type PublicSong,
  type RecentlyPlayedEntry,
  type Song,
} from '@cadenza/contract/songs';
import { NotFound } from '../../errors';
import type { KeysetPageRequest } from '../../keyset';
import type { Page } from '../../paging';
import type { ObjectStore } from '../../storage/object-store';
import { extensionOfKey, extensionOfType } from '../media/media-types';
import type { MediaUrls } from '../media/media-urls';
import { downloadName, type DownloadName } from './download-name';
import { toPublicSong, toSong } from './song-mapper';
import type { SongMark, SongsRepository } from './songs.repository';

const SONG_NOT_FOUND = 'Song not found.';
/** The extension of a download whose type has none. */
const DEFAULT_EXTENSION = 'mp3';

export interface SongDownload {
  readonly stream: Readable;
  readonly bytes: number;
  readonly mime: string;
  readonly name: DownloadName;
}

/** What a listener does with songs: browse, play, like, save and download. */
export class SongsService {
  constructor(
    private readonly songs: SongsRepository,
    private readonly objects: ObjectStore,
    private readonly urls: MediaUrls,
  ) {}

  async list(request: KeysetPageRequest): Promise<Page<Song>> {
    const page = await this.songs.page(request);
    return { ...page, items: page.items.map((row) => toSong(row, this.urls)) };
  }

  /** The same list for visitors: without audio URLs. */
  async listPublic(request: KeysetPageRequest): Promise<Page<PublicSong>> {
    const page = await this.songs.page(request);
    return { ...page, items: page.items.map((row) => toPublicSong(row, this.urls)) };
  }

  async recentlyPlayed(
    userId: string,
    limit = RECENTLY_PLAYED_MAX,
  ): Promise<RecentlyPlayedEntry[]> {
    const played = await this.songs.recentlyPlayed(userId, limit);
    return played.map(({ row, playedAt }) => ({ song: toSong(row, this.urls), playedAt }));
  }

  async recordPlay(userId: string, songId: string): Promise<void> {
    const recorded = await this.songs.recordPlay(songId, userId, new Date().toISOString());
    if (!recorded) throw new NotFound(SONG_NOT_FOUND, 'song_not_found');
  }

  /** Flips the caller's like (`likes`) or save (`saves`) and answers whether it is now set. */
  async toggle(mark: SongMark, userId: string, songId: string): Promise<boolean> {
    const now = await this.songs.toggleMark(mark, userId, songId, new Date().toISOString());
    if (now === null) throw new NotFound(SONG_NOT_FOUND, 'song_not_found');
    return now;
  }

  async download(songId: string): Promise<SongDownload> {
    const row = await this.songs.findById(songId);
    if (!row) throw new NotFound(SONG_NOT_FOUND, 'song_not_found');
    const head = await this.objects.head(row.audio_key);
    if (!head) throw new NotFound('The audio file of this song is missing.', 'audio_file_missing');
    // A key named before types lived in rows (`audio/<id>.<ext>`) keeps its extension.
    const extension =
      extensionOfKey(row.audio_key) ?? extensionOfType(row.audio_mime) ?? DEFAULT_EXTENSION;
    return {
      stream: await this.objects.get(row.audio_key),
      bytes: head.bytes,
      mime: row.audio_mime,
      name: downloadName(row.title, row.artist, extension),
    };
  }
}
