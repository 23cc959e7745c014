import type { AlbumChanges } from '@cadenza/contract/album-form';
import { editedFieldsOf } from '../../db/edited-fields';
import { toIso } from '../../db/schema';
import type { Transactor } from '../../db/transactor';
import { foldKey } from '../../domain/grouping';
import type { CoverImages } from '../images/cover-images';
import type { ImagesRepository } from '../images/images.repository';
import type { SongsRepository } from '../songs/songs.repository';
import type { StoredImage } from '../uploads/stored-files';
import type { AlbumEditsRepository } from './album-edits.repository';
import type { CatalogueLinksRepository } from './catalogue-links.repository';
import type { AlbumRecord } from './catalogue-records';
import type { CatalogueRepository } from './catalogue.repository';
import { albumNotFound } from './catalogue.service';

/** The repositories an album's edit spans, each its own module's, all in one transaction. */
export interface AlbumEditRepositories {
  readonly albums: AlbumEditsRepository;
  readonly links: CatalogueLinksRepository;
  readonly songs: SongsRepository;
  readonly images: ImagesRepository;
}

/**
 * An administrator's edit of an album, in one transaction: its title, its artist (linked anew,
 * created if new; the former one removed when left with nothing), its year, its cover, and the
 * genres of all its songs. The songs show the new title, artist and year at once. The album keeps its
 * group key, so that a later scan of its files still finds it, and notes the fields set by hand.
 */
export class AlbumEditingService {
  constructor(
    private readonly atomically: Transactor<AlbumEditRepositories>,
    private readonly catalogue: CatalogueRepository,
    private readonly covers: CoverImages,
  ) {}

  /** 404 for an album that does not exist: checked before a cover for it is read and stored. */
  async ensureExists(albumId: string): Promise<void> {
    if (!(await this.catalogue.findAlbum(albumId))) throw albumNotFound();
  }

  /** Answers the album as it is now; 404 for an unknown one, with nothing written. */
  async update(
    albumId: string,
    changes: AlbumChanges,
    cover: StoredImage | undefined,
  ): Promise<AlbumRecord> {
    const replacedCover = await this.atomically(async (r) => {
      const album = await r.albums.lockAlbum(albumId);
      if (!album) throw albumNotFound();
      const edited = new Set(editedFieldsOf(album.editedFields));
      const titleChanged = changes.title !== album.title;
      if (titleChanged) edited.add('title');
      const artist =
        changes.albumArtist !== undefined &&
        foldKey(changes.albumArtist) !== foldKey(album.albumArtistName)
          ? await r.links.artistNamed(changes.albumArtist, toIso(album.createdAt), {})
          : null;
      if (artist) edited.add('albumArtist');
      const year = changes.year !== undefined && changes.year !== album.year ? changes.year : null;
      if (year !== null) edited.add('year');
      // The tagged release date is shown before the year: one of another year follows the edit.
      const releaseDate =
        year !== null && album.releaseDate !== null && !album.releaseDate.startsWith(`${year}`)
          ? `${year}`
          : undefined;
      if (cover) edited.add('cover');
      if (changes.genres) edited.add('genres');
      await r.albums.update(albumId, {
        title: changes.title,
        ...(artist ? { albumArtistId: artist.id } : {}),
        ...(changes.year === undefined ? {} : { year: changes.year }),
        ...(releaseDate === undefined ? {} : { releaseDate }),
        ...(cover ? { coverKey: await r.images.replace(album.coverKey, cover) } : {}),
        editedFields: [...edited],
      });
      await r.songs.setAlbumTextsOf(albumId, {
        ...(titleChanged ? { album: changes.title } : {}),
        ...(artist ? { albumArtist: artist.name } : {}),
        ...(year !== null ? { releaseYear: year } : {}),
      });
      // The songs' own fields set by the edit: a scan of an unchanged file keeps them.
      const songFields = [
        ...(changes.genres ? ['genres'] : []),
        ...(year !== null ? ['releaseYear'] : []),
      ];
      if (songFields.length > 0) {
        for (const songId of await r.albums.songIdsOf(albumId)) {
          if (changes.genres) await r.links.setGenres(songId, changes.genres);
          await r.songs.noteEdited(songId, songFields);
        }
      }
      if (artist) {
        await r.links.prune({ albumId: null, artistIds: [album.albumArtistId], genreIds: [] });
      }
      return cover ? album.coverKey : null;
    });
    // The files of the cover replaced, and of the one sent if its picture was kept already.
    if (replacedCover !== null) await this.covers.discard(replacedCover);
    await this.covers.discard(cover ?? null);
    const after = await this.catalogue.findAlbum(albumId);
    if (!after) throw albumNotFound();
    return after;
  }
}
