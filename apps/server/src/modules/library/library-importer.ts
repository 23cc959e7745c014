import path from 'node:path';
import { withoutControlCharacters } from '@cadenza/contract/validation';
import type { AudioFiles, StoredAudio } from '../audio-files/audio-files';
import type { AudioTags } from '../../domain/audio-tags';
import type { TagLyrics } from '../../domain/grouping';
import type { StoredImage } from '../uploads/stored-files';
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
  /** The file's type and tags, when the caller read them already (a scan's reader threads). */
  readonly parsed?: { readonly mime: string; readonly tags: AudioTags };
  /** The lyrics of the `.lrc` beside the file, read with it: they go with its tags. */
  readonly sidecarLyrics?: TagLyrics | null;
}

/** A song read again from its changed file, and the fields set by hand that the file replaced. */
export interface Reimported {
  readonly song: SongRecord;
  readonly replacedEdits: readonly string[];
}

export type ImportOutcome =
  | { readonly outcome: 'added'; readonly song: SongRecord }
  /** The content was in the library already, as `song`; nothing was added. */
  | { readonly outcome: 'duplicate'; readonly song: SongRecord };

export interface ImportOptions {
  /** A cover for a file without an embedded picture (a `cover.jpg` beside it, say). */
  readonly fallbackCover?: StoredImage | null;
  /** For `reimportFile` of an unchanged file an earlier tag reader read: edits by hand stay. */
  readonly keepEdits?: boolean;
}

/**
 * "03 - Song Name.flac" → "03 - Song Name"; a name that is all extension stays whole. Control
 * characters and terminal escapes, which a file name may hold, are left out.
 */
export function titleOfFileName(name: string): string {
  const base = withoutControlCharacters(path.basename(name.replaceAll('\\', '/'))).trim();
  const extension = path.extname(base);
  const title = extension && extension !== base ? base.slice(0, -extension.length) : base;
  return title.trim() || base || 'Untitled';
}

/**
 * Adds files to the library from what they hold alone (decision 030): a file whose
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
    // Known content needs no reading (the insert checks again, for content arriving at once);
    // a scan's file was read already, and a scan takes each content one at a time.
    if (!source.parsed) {
      const existing = await this.songs.findBySha256(source.sha256);
      if (existing) return { outcome: 'duplicate', song: existing };
    }
    const { audio, tags } = await this.read(source);
    const { song, added } = await this.editing.createFromTags(audio, tags, {
      fileTitle: titleOfFileName(source.name),
      sha256: source.sha256,
      fallbackCover: options.fallbackCover,
    });
    return { outcome: added ? 'added' : 'duplicate', song };
  }

  /**
   * Reads a file that changed in place into the song made of it, which keeps its id (its plays,
   * likes and playlists) and loses the edits made by hand, which the file's tags replace (unless
   * `keepEdits`); refused like `importFile`. Null when the song is gone.
   */
  async reimportFile(
    songId: string,
    source: ImportSource,
    options: ImportOptions = {},
  ): Promise<Reimported | null> {
    const { audio, tags } = await this.read(source);
    return this.editing.updateFromTags(songId, audio, tags, {
      fileTitle: titleOfFileName(source.name),
      sha256: source.sha256,
      fallbackCover: options.fallbackCover,
      keepEdits: options.keepEdits ?? false,
    });
  }

  /**
   * What the file is and what its tags say, as read already or from the store, with the lyrics
   * of the `.lrc` beside it after those of its tags.
   */
  private async read(source: ImportSource): Promise<{ audio: StoredAudio; tags: AudioTags }> {
    const { audio, tags } = await this.readFile(source);
    if (!source.sidecarLyrics) return { audio, tags };
    const catalogue = tags.catalogue ?? {};
    const lyrics = [...(catalogue.lyrics ?? []), source.sidecarLyrics];
    return { audio, tags: { ...tags, catalogue: { ...catalogue, lyrics } } };
  }

  private async readFile(source: ImportSource): Promise<{ audio: StoredAudio; tags: AudioTags }> {
    if (source.parsed) {
      const audio = { key: source.key, mime: source.parsed.mime, bytes: source.bytes };
      return { audio, tags: this.audio.noteTags(source.parsed.tags, source.key) };
    }
    const audio = await this.audio.describe(source.key, source.name);
    return { audio, tags: await this.audio.readTags(audio) };
  }
}
