import type { AlbumRecord, ArtistRecord } from '../catalogue/catalogue-records';
import type { SongRecord } from '../songs/song-record';
import type { AnnotationsService } from './annotations.service';
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

/** Songs, albums and artists presented with the caller's stars and ratings. */
export class SubsonicLibrary {
  constructor(private readonly annotations: AnnotationsService) {}

  async songs(caller: SubsonicCaller, songs: readonly SongRecord[]): Promise<SubsonicNode[]> {
    const notes = await this.annotations.of(caller.user.id, { songs });
    return songs.map((song) => presentSong(song, notes));
  }

  async albums(caller: SubsonicCaller, albums: readonly AlbumRecord[]): Promise<SubsonicNode[]> {
    const notes = await this.annotations.of(caller.user.id, { albums });
    return albums.map((album) => presentAlbum(album, notes));
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
}
