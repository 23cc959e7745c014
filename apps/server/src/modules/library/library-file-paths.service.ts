import type { LibraryFilesRepository } from './library-files.repository';

/** Where the files of songs from the scanned folders lie, as apps show a song's path. */
export class LibraryFilePathsService {
  constructor(private readonly files: LibraryFilesRepository) {}

  /**
   * The path inside its folder (names separated by `/`) of each of these songs' files, for the
   * songs of the scanned folders; uploaded songs have none.
   */
  pathsOfSongs(songIds: readonly string[]): Promise<Map<string, string>> {
    return this.files.pathsOfSongs(songIds);
  }
}
