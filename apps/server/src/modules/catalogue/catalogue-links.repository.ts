import type { Insertable, Kysely } from 'kysely';
import { editedFieldsOf } from '../../db/edited-fields';
import { textsOfJson } from '../../db/json-texts';
import { toIso, type Database } from '../../db/schema';
import { forUpdate } from '../../db/atomic';
import { newId } from '../../ids';
import type { SongArtistRecord } from '../songs/song-record';
import {
  albumIdentity,
  artistCredits,
  artistSortName,
  foldKey,
  type SongToPlace,
} from '../../domain/grouping';
import { genreKey } from '../../domain/tag-genres';
import { albumFactsOf, parseReleaseFacts, type AlbumFacts } from '../../domain/album-facts';

/** How often placing a song looks again for an album or artist removed under it. */
const PLACEMENT_ATTEMPTS = 3;

/** Where a song was placed: its album, the album's artist, and its own artists. */
export interface SongPlacement {
  readonly albumId: string;
  readonly albumArtist: string;
  readonly artists: SongArtistRecord[];
}

/** The album, artists and genres a song was linked to before it was removed or moved. */
export interface FormerPlace {
  readonly albumId: string | null;
  readonly artistIds: string[];
  readonly genreIds: string[];
}

/**
 * Links songs to their artists and albums by the grouping rules (domain/grouping.ts), creating those
 * that do not exist yet, and removes albums and artists left without songs. Every method runs
 * inside the transaction that writes the song row (pass this repository that transaction's
 * handle), so a song is never without its album, nor an album without a song.
 */
export class CatalogueLinksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Links the song (its row already written) and answers where it went. */
  async place(song: SongToPlace): Promise<SongPlacement> {
    const credits =
      song.credits ??
      artistCredits({
        artist: song.artist,
        title: song.title,
        artists: song.tags.artists,
      });
    const artists: SongArtistRecord[] = [];
    const linked = new Set<string>();
    const credited = [
      ...credits.main.map((name) => ({ name, role: 'main' as const })),
      ...credits.featured.map((name) => ({ name, role: 'featured' as const })),
    ];
    for (const [index, credit] of credited.entries()) {
      const first = index === 0;
      const artist = await this.artistNamed(credit.name, song.createdAt, {
        sortTag: first ? song.tags.artistSort : undefined,
        musicbrainzId: first ? song.tags.musicbrainzArtistId : undefined,
      });
      if (linked.has(artist.id)) continue;
      linked.add(artist.id);
      artists.push({ id: artist.id, name: artist.name, role: credit.role });
    }
    await this.db
      .insertInto('song_artists')
      .values(
        artists.map((artist, position) => ({
          song_id: song.id,
          artist_id: artist.id,
          role: artist.role,
          position,
        })),
      )
      .execute();

    if (song.genres !== undefined) await this.setGenres(song.id, song.genres);
    const kept = song.albumId === undefined ? null : await this.keepIn(song.albumId, song);
    if (kept) {
      await this.workOutAlbumFacts(kept.id);
      return { albumId: kept.id, albumArtist: kept.albumArtist, artists };
    }

    const albumArtistName = song.tags.albumArtist?.trim() || credits.main[0] || song.artist;
    const albumArtist = await this.artistNamed(albumArtistName, song.createdAt, {
      sortTag: song.tags.albumArtistSort,
    });
    const identity = albumIdentity({
      songId: song.id,
      songTitle: song.title,
      album: song.album,
      albumArtist: albumArtist.name,
      musicbrainzReleaseId: song.tags.musicbrainzReleaseId,
    });
    const discCount = Math.max(1, song.tags.discCount ?? 1, song.tags.discNumber ?? 1);
    const album = await this.albumFor({
      id: newId(),
      group_key: identity.groupKey,
      title: identity.title,
      title_key: foldKey(identity.title),
      album_artist_id: albumArtist.id,
      year: song.releaseYear,
      musicbrainz_release_id: identity.musicbrainzReleaseId,
      cover_key: null,
      disc_count: discCount,
      created_at: song.createdAt,
      release_date: song.tags.releaseDate ?? null,
      original_date: song.tags.originalDate ?? null,
      record_labels: song.tags.labels ? JSON.stringify(song.tags.labels) : null,
      release_types: song.tags.releaseTypes ? JSON.stringify(song.tags.releaseTypes) : null,
      is_compilation: song.tags.compilation ? 1 : 0,
    });
    // An album edited by hand keeps its title and artist: the song shows them.
    const edited = editedFieldsOf(album.edited_fields);
    const shownArtist = edited.includes('albumArtist')
      ? await this.artistNameOf(album.album_artist_id)
      : albumArtist.name;
    await this.db
      .updateTable('songs')
      .set({
        album_id: album.id,
        album_artist: shownArtist,
        ...(edited.includes('title') && song.album !== null ? { album: album.title } : {}),
      })
      .where('id', '=', song.id)
      .execute();
    await this.workOutAlbumFacts(album.id);
    return { albumId: album.id, albumArtist: shownArtist, artists };
  }

  /**
   * Sets the album's year, dates, labels, release types and compilation flag to what its songs
   * say (domain/album-facts.ts), in track order; a year set by hand keeps the year and dates, a
   * title set by hand sorts as typed.
   */
  private async workOutAlbumFacts(albumId: string): Promise<void> {
    // Locked, so that a song another transaction places in it meanwhile is counted after this.
    const album = await forUpdate(
      this.db,
      this.db
        .selectFrom('albums')
        .select([
          'year',
          'release_date',
          'original_date',
          'record_labels',
          'release_types',
          'is_compilation',
          'sort_title',
          'edited_fields',
        ])
        .where('id', '=', albumId),
    ).executeTakeFirst();
    if (!album) return;
    const songs = await this.db
      .selectFrom('songs')
      .select(['disc_number', 'track_number', 'created_at', 'id', 'release_year', 'release_facts'])
      .where('album_id', '=', albumId)
      .execute();
    songs.sort(
      (a, b) =>
        (a.disc_number ?? 1) - (b.disc_number ?? 1) ||
        (a.track_number ?? 0) - (b.track_number ?? 0) ||
        toIso(a.created_at).localeCompare(toIso(b.created_at)) ||
        a.id.localeCompare(b.id),
    );
    const current: AlbumFacts = {
      year: album.year,
      releaseDate: album.release_date,
      originalDate: album.original_date,
      labels: nonEmpty(textsOfJson(album.record_labels)),
      releaseTypes: nonEmpty(textsOfJson(album.release_types)),
      compilation: album.is_compilation === 1,
      sortTitle: album.sort_title,
    };
    const worked = albumFactsOf(
      songs.map((song) => ({
        releaseYear: song.release_year,
        facts: parseReleaseFacts(song.release_facts),
      })),
      current,
    );
    const byHand = editedFieldsOf(album.edited_fields);
    const facts = {
      ...worked,
      ...(byHand.includes('year') ? { year: current.year, releaseDate: current.releaseDate } : {}),
      // A title typed by hand sorts as it is typed.
      ...(byHand.includes('title') ? { sortTitle: null } : {}),
    };
    const row = {
      year: facts.year,
      release_date: facts.releaseDate,
      original_date: facts.originalDate,
      record_labels: facts.labels ? JSON.stringify(facts.labels) : null,
      release_types: facts.releaseTypes ? JSON.stringify(facts.releaseTypes) : null,
      is_compilation: facts.compilation ? 1 : 0,
      sort_title: facts.sortTitle,
    };
    const unchanged = (Object.keys(row) as Array<keyof typeof row>).every(
      (key) => row[key] === album[key],
    );
    if (!unchanged)
      await this.db.updateTable('albums').set(row).where('id', '=', albumId).execute();
  }

  private async artistNameOf(artistId: string): Promise<string> {
    const artist = await this.db
      .selectFrom('artists')
      .select('name')
      .where('id', '=', artistId)
      .executeTakeFirstOrThrow();
    return artist.name;
  }

  /**
   * Links the song to an album it stays in, its disc count grown to the song's disc; null when
   * the album is gone.
   */
  private async keepIn(
    albumId: string,
    song: SongToPlace,
  ): Promise<{ id: string; albumArtist: string } | null> {
    const discNumber = song.tags.discNumber ?? 1;
    const album = await this.db
      .updateTable('albums')
      .set((eb) => ({
        disc_count: eb
          .case()
          .when('disc_count', '<', discNumber)
          .then(discNumber)
          .else(eb.ref('disc_count'))
          .end(),
      }))
      .where('id', '=', albumId)
      .returning(['id', 'album_artist_id'])
      .executeTakeFirst();
    if (!album) return null;
    const albumArtist = await this.artistNameOf(album.album_artist_id);
    await this.db
      .updateTable('songs')
      .set({ album_id: album.id, album_artist: albumArtist })
      .where('id', '=', song.id)
      .execute();
    return { id: album.id, albumArtist };
  }

  /** Takes a song's links away (before it is placed anew) and answers what they were. */
  async unplace(songId: string): Promise<FormerPlace> {
    const former = await this.formerPlace(songId);
    await this.db.deleteFrom('song_artists').where('song_id', '=', songId).execute();
    await this.db.updateTable('songs').set({ album_id: null }).where('id', '=', songId).execute();
    return former;
  }

  /** The album and artists a song is linked to. */
  async formerPlace(songId: string): Promise<FormerPlace> {
    const song = await this.db
      .selectFrom('songs')
      .select('album_id')
      .where('id', '=', songId)
      .executeTakeFirst();
    const artists = await this.db
      .selectFrom('song_artists')
      .select('artist_id')
      .where('song_id', '=', songId)
      .execute();
    return {
      albumId: song?.album_id ?? null,
      artistIds: artists.map((row) => row.artist_id),
      genreIds: await this.genreIdsOf(songId),
    };
  }

  /**
   * Gives the song these genres (as written, in order; matched case and spacing ignored),
   * creating those that are new and removing those it leaves without songs.
   */
  async setGenres(songId: string, names: readonly string[]): Promise<void> {
    const former = await this.genreIdsOf(songId);
    await this.db.deleteFrom('song_genres').where('song_id', '=', songId).execute();
    const ids: string[] = [];
    for (const name of names) {
      const genre = await this.genreNamed(name);
      if (!ids.includes(genre)) ids.push(genre);
    }
    if (ids.length > 0) {
      await this.db
        .insertInto('song_genres')
        .values(ids.map((genre_id, position) => ({ song_id: songId, genre_id, position })))
        .execute();
    }
    await this.pruneGenres(former.filter((id) => !ids.includes(id)));
  }

  private async genreIdsOf(songId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('song_genres')
      .select('genre_id')
      .where('song_id', '=', songId)
      .execute();
    return rows.map((row) => row.genre_id);
  }

  /** The genre of this name (case and spacing ignored), created if there is none yet. */
  private async genreNamed(name: string): Promise<string> {
    const nameKey = genreKey(name);
    for (let attempt = 0; attempt < PLACEMENT_ATTEMPTS; attempt += 1) {
      await this.db
        .insertInto('genres')
        .values({ id: newId(), name, name_key: nameKey })
        .onConflict((conflict) => conflict.column('name_key').doNothing())
        .execute();
      const genre = await this.db
        .selectFrom('genres')
        .select('id')
        .where('name_key', '=', nameKey)
        .executeTakeFirst();
      if (genre) return genre.id;
    }
    throw new Error(`genre ${nameKey} vanished while a song was filed under it`);
  }

  /** Removes these genres where no song is filed under them any more. */
  private async pruneGenres(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .deleteFrom('genres')
      .where('id', 'in', [...ids])
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('song_genres')
              .select('song_genres.song_id')
              .whereRef('song_genres.genre_id', '=', 'genres.id'),
          ),
        ),
      )
      .execute();
  }

  /**
   * Removes the album and the artists of `former` that no song (or, for an artist, no album)
   * is left in or by. Answers the cover of a removed album, for the unit of work to count one
   * use fewer of it (`ImagesRepository.release`).
   */
  async prune(former: FormerPlace): Promise<Array<string | null>> {
    await this.pruneGenres(former.genreIds);
    const candidates = new Set(former.artistIds);
    const releasedCovers: Array<string | null> = [];
    if (former.albumId !== null) {
      const removed = await this.db
        .deleteFrom('albums')
        .where('id', '=', former.albumId)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('songs')
                .select('songs.id')
                .whereRef('songs.album_id', '=', 'albums.id'),
            ),
          ),
        )
        .returning(['album_artist_id', 'cover_key'])
        .executeTakeFirst();
      if (removed) {
        candidates.add(removed.album_artist_id);
        releasedCovers.push(removed.cover_key);
      } else {
        await this.workOutAlbumFacts(former.albumId);
      }
    }
    if (candidates.size === 0) return releasedCovers;
    await this.db
      .deleteFrom('artists')
      .where('id', 'in', [...candidates])
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('song_artists')
              .select('song_artists.song_id')
              .whereRef('song_artists.artist_id', '=', 'artists.id'),
          ),
        ),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('albums')
              .select('albums.id')
              .whereRef('albums.album_artist_id', '=', 'artists.id'),
          ),
        ),
      )
      .execute();
    return releasedCovers;
  }

  /**
   * The album of this identity (created as `values` if there is none yet), its disc count grown
   * to the song's (its other facts are worked out from its songs once the song is in). Another
   * transaction may remove it between the insert that finds it there and the update that claims
   * it (its last song going): it is then created anew.
   */
  private async albumFor(
    values: Insertable<Database['albums']> & { readonly disc_count: number },
  ): Promise<{
    id: string;
    title: string;
    album_artist_id: string;
    edited_fields: string | null;
  }> {
    for (let attempt = 0; attempt < PLACEMENT_ATTEMPTS; attempt += 1) {
      await this.db
        .insertInto('albums')
        .values(values)
        .onConflict((conflict) => conflict.column('group_key').doNothing())
        .execute();
      const discCount = values.disc_count;
      const album = await this.db
        .updateTable('albums')
        .set((eb) => ({
          disc_count: eb
            .case()
            .when('disc_count', '<', discCount)
            .then(discCount)
            .else(eb.ref('disc_count'))
            .end(),
        }))
        .where('group_key', '=', values.group_key)
        .returning(['id', 'title', 'album_artist_id', 'edited_fields'])
        .executeTakeFirst();
      if (album) return album;
    }
    throw new Error(`album ${values.group_key} vanished while a song joined it`);
  }

  /** The artist of this name (case and spacing ignored), created if there is none yet. */
  async artistNamed(
    name: string,
    createdAt: string,
    tags: { readonly sortTag?: string | undefined; readonly musicbrainzId?: string | undefined },
  ): Promise<{ readonly id: string; readonly name: string }> {
    const sortName = artistSortName(name, tags.sortTag);
    const nameKey = foldKey(name);
    for (let attempt = 0; attempt < PLACEMENT_ATTEMPTS; attempt += 1) {
      await this.db
        .insertInto('artists')
        .values({
          id: newId(),
          name,
          name_key: nameKey,
          sort_name: sortName,
          sort_key: foldKey(sortName),
          musicbrainz_id: tags.musicbrainzId?.trim() || null,
          created_at: createdAt,
        })
        .onConflict((conflict) => conflict.column('name_key').doNothing())
        .execute();
      const artist = await this.db
        .selectFrom('artists')
        .select(['id', 'name'])
        .where('name_key', '=', nameKey)
        .executeTakeFirst();
      if (artist) return artist;
    }
    throw new Error(`artist ${nameKey} vanished while a song was credited to them`);
  }
}

const nonEmpty = (texts: string[]): string[] | null => (texts.length > 0 ? texts : null);
