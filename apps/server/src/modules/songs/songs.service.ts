import type { Readable } from 'node:stream';
import type { PageQuery } from '@cadenza/contract/paging';
import { RECENTLY_PLAYED_MAX, type Genre, type SongMarks } from '@cadenza/contract/songs';
import { NotFound } from '../../errors';
import type { Page } from '../../paging';
import type { DirectLinks } from '../../storage/direct-links';
import type { ObjectStore } from '../../storage/object-store';
import { extensionOfKey, extensionOfType } from '../delivery/media-types';
import { attachmentDisposition, downloadName, type DownloadName } from './download-name';
import type { SongRecord } from './song-record';
import type { PlayedSong, SongMark, SongsRepository } from './songs.repository';

/** The one answer for a song id that names no song, whoever asks. */
export function songNotFound(): NotFound {
  return new NotFound('Song not found.', 'song_not_found');
}

/** The extension of a download whose type has none. */
const DEFAULT_EXTENSION = 'mp3';

/** A download sent by this server, or fetched by the client from a presigned URL. */
export type SongDownload =
  | {
      readonly kind: 'stream';
      readonly stream: Readable;
      readonly bytes: number;
      readonly mime: string;
      readonly name: DownloadName;
    }
  | { readonly kind: 'redirect'; readonly url: string };

/**
 * What is done with the songs there are: browse them (the same list for every audience; each
 * API presents it in its own shape), play, like, save and download.
 */
export class SongsService {
  constructor(
    private readonly songs: SongsRepository,
    private readonly objects: ObjectStore,
    private readonly directLinks: DirectLinks,
  ) {}

  /** The page a client asked for of every song, or of one genre's, newest first. */
  async list(query: PageQuery, genre?: Genre): Promise<Page<SongRecord>> {
    return this.songs.page(query, genre);
  }

  /** The page a client asked for of the songs they liked or saved, newest mark first. */
  async marked(mark: SongMark, userId: string, query: PageQuery): Promise<Page<SongRecord>> {
    return this.songs.markedPage(mark, userId, query);
  }

  /** The ids of every song the user liked and saved, newest mark first. */
  async marks(userId: string): Promise<SongMarks> {
    const [liked, saved] = await Promise.all([
      this.songs.markedIds('likes', userId),
      this.songs.markedIds('saves', userId),
    ]);
    return { liked, saved };
  }

  async recentlyPlayed(userId: string, limit = RECENTLY_PLAYED_MAX): Promise<PlayedSong[]> {
    return this.songs.recentlyPlayed(userId, limit);
  }

  async recordPlay(userId: string, songId: string): Promise<void> {
    const recorded = await this.songs.recordPlay(songId, userId, new Date().toISOString());
    if (!recorded) throw songNotFound();
  }

  /** Flips the caller's like (`likes`) or save (`saves`) and answers whether it is now set. */
  async toggle(mark: SongMark, userId: string, songId: string): Promise<boolean> {
    const now = await this.songs.toggleMark(mark, userId, songId, new Date().toISOString());
    if (now === null) throw songNotFound();
    return now;
  }

  /** Sets or clears the caller's like or save, whatever it was (idempotent, unlike `toggle`). */
  async mark(mark: SongMark, userId: string, songId: string, on: boolean): Promise<void> {
    const known = await this.songs.setMark(mark, userId, songId, on, new Date().toISOString());
    if (!known) throw songNotFound();
  }

  /** When the user marked each of these songs (ISO-8601), for the ones they marked. */
  marksAmong(
    mark: SongMark,
    userId: string,
    songIds: readonly string[],
  ): Promise<Map<string, string>> {
    return this.songs.marksAmong(mark, userId, songIds);
  }

  /** When a user last played each of these songs, for those they played. */
  lastPlaysAmong(userId: string, songIds: readonly string[]): Promise<Map<string, string>> {
    return this.songs.lastPlaysAmong(userId, songIds);
  }

  /** When a user last played any song of each of these albums, for those they played. */
  lastAlbumPlaysAmong(userId: string, albumIds: readonly string[]): Promise<Map<string, string>> {
    return this.songs.lastAlbumPlaysAmong(userId, albumIds);
  }

  async find(songId: string): Promise<SongRecord> {
    const song = await this.songs.findById(songId);
    if (!song) throw songNotFound();
    return song;
  }

  /** Notes fields of a song set by hand (see `SongsRepository.noteEdited`). */
  async noteEdited(songId: string, fields: readonly string[]): Promise<void> {
    await this.songs.noteEdited(songId, fields);
  }

  /** The songs with these ids that exist, in the order of `ids`. */
  async findAll(ids: readonly string[]): Promise<SongRecord[]> {
    const byId = new Map((await this.songs.findByIds(ids)).map((song) => [song.id, song]));
    return ids.flatMap((id) => {
      const song = byId.get(id);
      return song ? [song] : [];
    });
  }

  async download(songId: string): Promise<SongDownload> {
    const song = await this.songs.findById(songId);
    if (!song) throw songNotFound();
    const name = fileNameOf(song);
    const direct = await this.directLinks.of(song.audioKey, {
      lengthSeconds: song.duration,
      contentType: song.audioMime,
      disposition: attachmentDisposition(name),
    });
    if (direct) return { kind: 'redirect', url: direct };
    const head = await this.objects.head(song.audioKey);
    if (!head) throw new NotFound('The audio file of this song is missing.', 'audio_file_missing');
    return {
      kind: 'stream',
      stream: await this.objects.get(song.audioKey),
      bytes: head.bytes,
      mime: song.audioMime,
      name,
    };
  }
}

/** The name a song's file is downloaded under: title_artist_Cadenza.<ext>. */
export function fileNameOf(song: SongRecord): DownloadName {
  // A key named before types lived in rows (`audio/<id>.<ext>`) keeps its extension.
  const extension =
    extensionOfKey(song.audioKey) ?? extensionOfType(song.audioMime) ?? DEFAULT_EXTENSION;
  return downloadName(song.title, song.artist, extension);
}
