import { ARTIST_TOP_SONGS, type AlbumSort } from '@cadenza/contract/catalogue';
import type { PageQuery } from '@cadenza/contract/paging';
import { releaseGroupsOf } from '@cadenza/contract/release-groups';
import { NotFound } from '../../errors';
import type { Page } from '../../paging';
import type { SongRecord } from '../songs/song-record';
import type { AlbumRecord, ArtistRecord, DiscTitleRecord } from './catalogue-records';
import type { AlbumSelection, CatalogueRepository, SongSelection } from './catalogue.repository';

export function albumNotFound(): NotFound {
  return new NotFound('Album not found.', 'album_not_found');
}

export function artistNotFound(): NotFound {
  return new NotFound('Artist not found.', 'artist_not_found');
}

export interface AlbumWithTracks {
  readonly album: AlbumRecord;
  /** Its titled discs, by disc number. */
  readonly discTitles: DiscTitleRecord[];
  readonly songs: SongRecord[];
}

export interface ArtistWithWork {
  readonly artist: ArtistRecord;
  /** Their own releases (they are the album artist) by release group, each newest first. */
  readonly albums: AlbumRecord[];
  /** Others' albums they are credited on, main or featured, newest first. */
  readonly appearsOn: AlbumRecord[];
  readonly topSongs: SongRecord[];
}

/**
 * The titled discs of an album from its tracks: a disc's title is its songs' disc subtitle (the
 * least, as CatalogueRepository.discTitlesOf reads it, should two of them differ).
 */
export function discTitlesOfTracks(songs: readonly SongRecord[]): DiscTitleRecord[] {
  const titles = new Map<number, string>();
  for (const song of songs) {
    const disc = song.discNumber ?? 1;
    const title = song.discSubtitle;
    const known = titles.get(disc);
    if (title !== null && (known === undefined || title < known)) titles.set(disc, title);
  }
  return [...titles].sort(([a], [b]) => a - b).map(([disc, title]) => ({ disc, title }));
}

/** Browsing the catalogue: albums and artists, and finding them by the words of their names. */
export class CatalogueService {
  constructor(private readonly catalogue: CatalogueRepository) {}

  async albums(sort: AlbumSort, query: PageQuery): Promise<Page<AlbumRecord>> {
    return this.catalogue.albumPage(sort, query);
  }

  async album(id: string): Promise<AlbumWithTracks> {
    const album = await this.catalogue.findAlbum(id);
    if (!album) throw albumNotFound();
    const songs = await this.catalogue.tracksOf(id);
    return { album, discTitles: discTitlesOfTracks(songs), songs };
  }

  async artists(query: PageQuery): Promise<Page<ArtistRecord>> {
    return this.catalogue.artistPage(query);
  }

  async artist(id: string): Promise<ArtistWithWork> {
    const artist = await this.catalogue.findArtist(id);
    if (!artist) throw artistNotFound();
    const albums = await this.catalogue.albumsBy(id);
    return {
      artist,
      albums: releaseGroupsOf(albums).flatMap((group) => group.albums),
      appearsOn: await this.catalogue.appearancesOf(id),
      topSongs: await this.catalogue.topSongsOf(id, ARTIST_TOP_SONGS),
    };
  }

  /** The albums with at least one song of a tag genre, by title, a page at a time. */
  albumsOfGenre(genreId: string, query: PageQuery): Promise<Page<AlbumRecord>> {
    return this.catalogue.albumPageOfGenre(genreId, query);
  }

  /** Albums by offset, for clients that page that way (the Subsonic API). */
  albumsAt(selection: AlbumSelection, offset: number, size: number): Promise<AlbumRecord[]> {
    return this.catalogue.albumsAt(selection, offset, size);
  }

  albumsById(ids: readonly string[]): Promise<AlbumRecord[]> {
    return this.catalogue.albumsById(ids);
  }

  /** The titled discs of each of these albums, by album id. */
  discTitlesOf(albumIds: readonly string[]): Promise<Map<string, DiscTitleRecord[]>> {
    return this.catalogue.discTitlesOf(albumIds);
  }

  /** The album artist of each of these albums, by album id. */
  albumArtistsOf(albumIds: readonly string[]): Promise<Map<string, { id: string; name: string }>> {
    return this.catalogue.albumArtistsOf(albumIds);
  }

  /** How often each of these songs was played, by every listener together (none: not there). */
  playCountsOf(songIds: readonly string[]): Promise<Map<string, number>> {
    return this.catalogue.playCountsOf(songIds);
  }

  /** Artists who have albums of their own, alphabetical: the index of a music folder. */
  albumArtists(): Promise<ArtistRecord[]> {
    return this.catalogue.albumArtists();
  }

  artistsAt(offset: number, size: number): Promise<ArtistRecord[]> {
    return this.catalogue.artistsAt(offset, size);
  }

  artistsById(ids: readonly string[]): Promise<ArtistRecord[]> {
    return this.catalogue.artistsById(ids);
  }

  songsAt(selection: SongSelection, offset: number, size: number): Promise<SongRecord[]> {
    return this.catalogue.songsAt(selection, offset, size);
  }

  /** Songs by the same artists or of the same genre as one song; 404 for an unknown song. */
  async similarSongs(songId: string, limit: number): Promise<SongRecord[]> {
    return this.catalogue.similarSongs(songId, limit);
  }

  /** Albums whose title has a word starting with each word of `text`, by title. */
  albumsMatching(text: string, limit: number): Promise<AlbumRecord[]> {
    return this.catalogue.albumsMatching(text, limit);
  }

  /** Artists whose name has a word starting with each word of `text`, by name. */
  artistsMatching(text: string, limit: number): Promise<ArtistRecord[]> {
    return this.catalogue.artistsMatching(text, limit);
  }

  /** An artist's most played songs. */
  async topSongsOf(artistId: string, limit: number): Promise<SongRecord[]> {
    return this.catalogue.topSongsOf(artistId, limit);
  }
}
