import path from 'node:path';
import type { AudioFiles } from '../media/audio-files';
import type { StoredImage } from '../media/stored-files';
import type { SongEditingService } from '../songs/song-editing.service';
import type { SongRecord } from '../songs/song-record';
import type { SongsRepository } from '../songs/songs.repository';

/** A file to add to the library, already readable through the object store. */
export interface ImportSource {
  readonly key: string;
  readonly bytes: number;
  /** The file's name: the title of a file whose tags name none. */
  readonly name: string;
  /** Hex SHA-256 of its content: the same content is one song. */
  readonly sha256: string;
}

export type ImportOutcome =
  | { readonly outcome: 'added'; readonly song: SongRecord }
  /** The content was in the library already, as `song`; nothing was added. */
  | { readonly outcome: 'duplicate'; readonly song: SongRecord };

export interface ImportOptions {
  /** A cover for a file without an embedded picture (a `cover.jpg` beside it, say). */
  readonly fallbackCover?: StoredImage | null;
}

/** "03 - Song Name.flac" → "03 - Song Name"; a name that is all extension stays whole. */
export function titleOfFileName(name: string): string {
  const base = path.basename(name.replaceAll('\\', '/')).trim();
  const extension = path.extname(base);
  const title = extension && extension !== base ? base.slice(0, -extension.length) : base;
  return title.trim() || base || 'Untitled';
}

/**
 * Adds files to the library from what they hold alone (DESIGN.md decision 030): a file whose
 * content is there already is reported as a duplicate, one browsers cannot play or that is not
 * audio is refused by name (415), and any other becomes a song, filed under its album and artists
 * in one transaction. The file itself is the caller's: it is never removed here.
 */
export class LibraryImporter {
  constructor(
    private readonly songs: SongsRepository,
    private readonly audio: AudioFiles,
    private readonly editing: SongEditingService,
  ) {}

  async importFile(source: ImportSource, options: ImportOptions = {}): Promise<ImportOutcome> {
    const existing = await this.songs.findBySha256(source.sha256);
    if (existing) return { outcome: 'duplicate', song: existing };
    const audio = await this.audio.describe(source.key, source.name);
    const tags = await this.audio.readTags(audio);
    const { song, added } = await this.editing.createFromTags(audio, tags, {
      fileTitle: titleOfFileName(source.name),
      sha256: source.sha256,
      fallbackCover: options.fallbackCover,
    });
    return { outcome: added ? 'added' : 'duplicate', song };
  }

  /**
   * Reads a file that changed in place into the song made of it, which keeps its id (its plays,
   * likes and playlists); refused like `importFile`. Null when the song is gone.
   */
  async reimportFile(
    songId: string,
    source: ImportSource,
    options: ImportOptions = {},
  ): Promise<SongRecord | null> {
    const audio = await this.audio.describe(source.key, source.name);
    const tags = await this.audio.readTags(audio);
    return this.editing.updateFromTags(songId, audio, tags, {
      fileTitle: titleOfFileName(source.name),
      sha256: source.sha256,
      fallbackCover: options.fallbackCover,
    });
  }
}
