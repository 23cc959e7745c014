import type { AlbumRecord, ArtistRecord } from '../catalogue/catalogue-records';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { LibraryFilePathsService } from '../library/library-file-paths.service';
import type { SongRecord } from '../songs/song-record';
import type { AnnotationsService } from './annotations.service';
import { NO_SONG_FACTS, type SongFacts } from './opensubsonic-fields';
import type { SubsonicCaller } from './subsonic-auth';
import {
  presentAlbum,
  presentAlbumAsDirectory,
  presentArtist,
  presentSong,
} from './subsonic.presenter';
import type { SubsonicNode } from './subsonic-response';

/** The most items one list or search answers, whatever an app asks for. */
export const MAX_LIST_SIZE = 500;

/**
 * Songs, albums and artists presented with the caller's stars, ratings and last plays, and what
 * else OpenSubsonic shows of them (album artists, file paths, disc titles): each read once for
 * the whole answer.
 */
export class SubsonicLibrary {
  constructor(
    private readonly annotations: AnnotationsService,
    private readonly catalogue: CatalogueService,
    private readonly libraryPaths: LibraryFilePathsService,
  ) {}

  async songs(caller: SubsonicCaller, songs: readonly SongRecord[]): Promise<SubsonicNode[]> {
    const [notes, facts] = await Promise.all([
      this.annotations.of(caller.user.id, { songs }),
      this.factsOf(songs),
    ]);
    return songs.map((song) => presentSong(song, notes, facts));
  }

  async albums(caller: SubsonicCaller, albums: readonly AlbumRecord[]): Promise<SubsonicNode[]> {
    const [notes, discTitles] = await Promise.all([
      this.annotations.of(caller.user.id, { albums }),
      this.catalogue.discTitlesOf(albums.map((album) => album.id)),
    ]);
    return albums.map((album) => presentAlbum(album, notes, discTitles.get(album.id)));
  }

  async albumDirectories(
    caller: SubsonicCaller,
    albums: readonly AlbumRecord[],
  ): Promise<SubsonicNode[]> {
    const notes = await this.annotations.of(caller.user.id, { albums });
    return albums.map((album) => presentAlbumAsDirectory(album, notes));
  }

  async artists(caller: SubsonicCaller, artists: readonly ArtistRecord[]): Promise<SubsonicNode[]> {
    const notes = await this.annotations.of(caller.user.id, { artists });
    return artists.map((artist) => presentArtist(artist, notes));
  }

  private async factsOf(songs: readonly SongRecord[]): Promise<SongFacts> {
    if (songs.length === 0) return NO_SONG_FACTS;
    const albumIds = songs.flatMap((song) => (song.albumId === null ? [] : [song.albumId]));
    const songIds = songs.map((song) => song.id);
    const [albumArtists, libraryPaths, playCounts] = await Promise.all([
      this.catalogue.albumArtistsOf(albumIds),
      this.libraryPaths.pathsOfSongs(songIds),
      this.catalogue.playCountsOf(songIds),
    ]);
    return { albumArtists, libraryPaths, playCounts };
  }
}
