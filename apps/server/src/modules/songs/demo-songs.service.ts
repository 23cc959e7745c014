import { demoContentHashes } from './demo-library';
import type { SongEditingService } from './song-editing.service';
import type { SongsRepository } from './songs.repository';

/**
 * "Remove demo songs": the songs of the bundled demo library, known by their files' content, go
 * together with their files, wherever they were added from and however they were edited since.
 */
export class DemoSongsService {
  constructor(
    private readonly songs: SongsRepository,
    private readonly editing: SongEditingService,
    private readonly demoDir: string,
  ) {}

  /** Removes every demo song at once (playlists keep their other songs); answers how many. */
  async removeAll(): Promise<number> {
    const ids = await this.songs.idsWithContent(await demoContentHashes(this.demoDir));
    return this.editing.deleteMany(ids);
  }
}
