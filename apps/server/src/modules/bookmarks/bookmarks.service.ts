import { bookmarkMessages, MAX_BOOKMARKS } from '@cadenza/contract/bookmarks';
import { NotFound } from '../../errors';
import type { SongRecord } from '../songs/song-record';
import { songNotFound, type SongsService } from '../songs/songs.service';
import type { BookmarkRecord, BookmarksRepository } from './bookmarks.repository';

/** A bookmark with its song. */
export interface BookmarkWithSong extends BookmarkRecord {
  readonly song: SongRecord;
}

/**
 * Where listeners stopped in songs, to resume there: the web keeps one by itself in long tracks,
 * apps with `createBookmark`. One per listener and song; a deleted song takes its bookmarks along.
 */
export class BookmarksService {
  constructor(
    private readonly bookmarks: BookmarksRepository,
    private readonly songs: Pick<SongsService, 'find' | 'findAll'>,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The listener's bookmarks, the latest changed first. */
  async list(userId: string): Promise<BookmarkWithSong[]> {
    const found = await this.bookmarks.list(userId, MAX_BOOKMARKS);
    const songs = new Map(
      (await this.songs.findAll(found.map((bookmark) => bookmark.songId))).map((song) => [
        song.id,
        song,
      ]),
    );
    return found.flatMap((bookmark) => {
      const song = songs.get(bookmark.songId);
      return song ? [{ ...bookmark, song }] : [];
    });
  }

  /** The song's bookmark, or null; 404 for an unknown song. */
  async of(userId: string, songId: string): Promise<BookmarkWithSong | null> {
    const song = await this.songs.find(songId);
    const bookmark = await this.bookmarks.find(userId, songId);
    return bookmark && { ...bookmark, song };
  }

  /**
   * Keeps `positionMs` as the place in the song (clamped to its length). `comment` replaces the
   * one kept; when absent the kept one stays. 404 for an unknown song.
   */
  async save(
    userId: string,
    songId: string,
    positionMs: number,
    comment?: string,
  ): Promise<BookmarkWithSong> {
    const song = await this.songs.find(songId);
    const saved = await this.bookmarks.save(
      userId,
      {
        songId,
        positionMs: Math.min(positionMs, Math.max(0, Math.round(song.duration * 1000))),
        comment,
        at: this.clock().toISOString(),
      },
      MAX_BOOKMARKS,
    );
    // Deleted in between: answered as any unknown song is.
    if (!saved) throw songNotFound();
    return { ...saved, song };
  }

  /** 404 for an unknown song, and for a song without a bookmark. */
  async remove(userId: string, songId: string): Promise<void> {
    await this.songs.find(songId);
    if (!(await this.bookmarks.remove(userId, songId))) {
      throw new NotFound(bookmarkMessages.notFound, 'bookmark_not_found');
    }
  }
}
