import type { LyricsBody } from '@cadenza/contract/lyrics';
import { lyricsMessages } from '@cadenza/contract/lyrics';
import { NotFound } from '../../errors';
import { readLyricsText } from '../../domain/lyrics-text';
import type { AudioFiles } from '../audio-files/audio-files';
import { songNotFound, type SongsService } from '../songs/songs.service';
import type { Transactor } from '../../db/transactor';
import type { SongsRepository } from '../songs/songs.repository';
import type { LyricsRecord } from './lyrics-record';
import type { LyricsRepository } from './lyrics.repository';

/** What a change of a song's lyrics writes, in one transaction: the lyrics and the song's notes. */
export interface LyricsWriteRepositories {
  readonly lyrics: LyricsRepository;
  readonly songs: SongsRepository;
}

/**
 * Songs' lyrics: read from their files' tags and the `.lrc` files beside them when they are
 * imported or change (the song writes and the library scan keep them), edited by an
 * administrator, and answered to every client from what is kept. A song imported before lyrics
 * were kept has its file read once, the first time they are asked for.
 */
export class LyricsService {
  constructor(
    private readonly lyrics: LyricsRepository,
    private readonly atomically: Transactor<LyricsWriteRepositories>,
    private readonly songs: SongsService,
    private readonly audio: AudioFiles,
  ) {}

  /** Every lyrics of a song, an edit first; 404 for an unknown song. */
  async all(songId: string): Promise<LyricsRecord[]> {
    const read = await this.lyrics.wasRead(songId);
    if (read === null) throw songNotFound();
    if (!read) await this.readFileOf(songId);
    return this.lyrics.of(songId);
  }

  /**
   * The lyrics a player shows: an edit, else the first synced ones (a `.lrc`, SYLT or LRC text in
   * a tag), else the first; null when the song has none.
   */
  async shown(songId: string): Promise<LyricsRecord | null> {
    const all = await this.all(songId);
    return (
      all.find((entry) => entry.source === 'edited') ??
      all.find((entry) => readLyricsText(entry.text).synced) ??
      all[0] ??
      null
    );
  }

  /**
   * Sets a song's lyrics by hand: they come before what its file says. One transaction, the
   * song's row locked, so that two edits at once take turns.
   */
  async set(songId: string, body: LyricsBody): Promise<LyricsRecord> {
    const language = body.language ?? null;
    await this.atomically(async (r) => {
      if (!(await r.lyrics.lockSong(songId))) throw songNotFound();
      await r.lyrics.setEdited(songId, language, body.text);
      await r.songs.noteEdited(songId, ['lyrics']);
    });
    return { songId, source: 'edited', language, text: body.text };
  }

  /** Removes every lyrics of a song (a scan brings them back only when its files change). */
  async remove(songId: string): Promise<void> {
    await this.atomically(async (r) => {
      if (!(await r.lyrics.lockSong(songId))) throw songNotFound();
      await r.lyrics.markRead(songId);
      const removed = await r.lyrics.removeAll(songId);
      if (removed === 0) throw new NotFound(lyricsMessages.noLyrics, 'lyrics_not_found');
      await r.songs.noteEdited(songId, ['lyrics']);
    });
  }

  private async readFileOf(songId: string): Promise<void> {
    const song = await this.songs.find(songId);
    const tags = await this.audio
      .readTags({ key: song.audioKey, mime: song.audioMime, bytes: song.audioBytes })
      .catch(() => null);
    await this.atomically(async (r) => {
      if (await r.lyrics.lockSong(songId)) {
        await r.lyrics.fillFromFile(songId, tags?.catalogue?.lyrics ?? []);
      }
    });
  }
}
