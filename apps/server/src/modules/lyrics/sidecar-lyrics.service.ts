import type { Transactor } from '../../db/transactor';
import type { TagLyrics } from '../../domain/grouping';
import type { SongsRepository } from '../songs/songs.repository';
import type { LyricsRepository } from './lyrics.repository';

/** The repositories a change of a song's `.lrc` spans, in one transaction. */
export interface SidecarLyricsRepositories {
  readonly lyrics: LyricsRepository;
  readonly songs: SongsRepository;
}

/**
 * The lyrics of the `.lrc` beside a song's file, followed by the library scan when only that
 * file appeared, changed or went. A new or changed `.lrc` replaces lyrics set by hand (as a
 * changed audio file does), and the song no longer notes them as set by hand; one that went
 * takes only its own lyrics with it.
 */
export class SidecarLyricsService {
  constructor(private readonly atomically: Transactor<SidecarLyricsRepositories>) {}

  /** Answers whether lyrics set by hand were replaced; false for a song gone meanwhile. */
  replace(songId: string, lyrics: TagLyrics | null): Promise<boolean> {
    return this.atomically(async (r) => {
      if (!(await r.songs.lockForChange(songId))) return false;
      const edited = await r.songs.editedFields(songId);
      const replaceEdit = lyrics !== null && edited.includes('lyrics');
      const replaced = await r.lyrics.replaceSidecar(songId, lyrics, replaceEdit);
      if (replaceEdit) {
        await r.songs.setEditedFields(
          songId,
          edited.filter((field) => field !== 'lyrics'),
        );
      }
      return replaceEdit || replaced;
    });
  }
}
