import { sql, type Kysely } from 'kysely';
import type { RadioSeed } from '@cadenza/contract/radio';
import type { Database } from '../../db/schema';

/** What a station starts from: its name and songs that stand for it. */
export interface SeedSongs {
  readonly title: string;
  readonly songIds: readonly string[];
}

/** What the seed's songs are made of: their artists, tag genres and years. */
export interface SeedTraits {
  /** Each artist credited on a seed song (main or featured), with on how many. */
  readonly artists: ReadonlyMap<string, number>;
  /** Each tag genre of a seed song, with on how many. */
  readonly genres: ReadonlyMap<string, number>;
  readonly years: readonly number[];
}

/** A related song, with the main artist it is by (to spread one artist's songs apart). */
export interface Candidate {
  readonly songId: string;
  readonly artistId: string | null;
  readonly year: number | null;
}

/** How many songs stand for an album, artist, genre or playlist seed. */
const SEED_SONGS = 50;
/** How many of the listeners who play a seed most say what else goes with it. */
const FELLOW_LISTENERS = 20;

/**
 * The reads radio and mixes are made of. Each is bounded (a limit, or a window at a random
 * place of an index), so that a station starts as fast in a library of a million songs as in a
 * small one.
 */
export class RadioRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The seed's name and songs; null when there is no such seed. A playlist's songs are not read
   * here (see `RadioService`).
   */
  async seed(seed: RadioSeed): Promise<SeedSongs | null> {
    switch (seed.kind) {
      case 'song': {
        const song = await this.db
          .selectFrom('songs')
          .select('title')
          .where('id', '=', seed.id)
          .executeTakeFirst();
        return song ? { title: song.title, songIds: [seed.id] } : null;
      }
      case 'album': {
        const album = await this.db
          .selectFrom('albums')
          .select('title')
          .where('id', '=', seed.id)
          .executeTakeFirst();
        if (!album) return null;
        const songs = await this.db
          .selectFrom('songs')
          .select('id')
          .where('album_id', '=', seed.id)
          .limit(SEED_SONGS)
          .execute();
        return { title: album.title, songIds: songs.map((song) => song.id) };
      }
      case 'artist': {
        const artist = await this.db
          .selectFrom('artists')
          .select('name')
          .where('id', '=', seed.id)
          .executeTakeFirst();
        if (!artist) return null;
        const songs = await this.db
          .selectFrom('song_artists')
          .select('song_id')
          .where('artist_id', '=', seed.id)
          .limit(SEED_SONGS)
          .execute();
        return { title: artist.name, songIds: songs.map((song) => song.song_id) };
      }
      case 'genre': {
        const genre = await this.db
          .selectFrom('genres')
          .select('name')
          .where('id', '=', seed.id)
          .executeTakeFirst();
        if (!genre) return null;
        return { title: genre.name, songIds: await this.songsOfGenre(seed.id, SEED_SONGS) };
      }
      case 'playlist': {
        // Whether the caller may read it, and its songs, are the playlists module's to say.
        const playlist = await this.db
          .selectFrom('playlists')
          .select('name')
          .where('id', '=', seed.id)
          .executeTakeFirst();
        return playlist ? { title: playlist.name, songIds: [] } : null;
      }
    }
  }

  /** The artists, tag genres and years of the songs. */
  async traits(songIds: readonly string[]): Promise<SeedTraits> {
    if (songIds.length === 0) return { artists: new Map(), genres: new Map(), years: [] };
    const [artists, genres, years] = await Promise.all([
      this.db
        .selectFrom('song_artists')
        .select((eb) => ['artist_id', eb.fn.countAll<number | string>().as('songs')])
        .where('song_id', 'in', songIds)
        .groupBy('artist_id')
        .execute(),
      this.db
        .selectFrom('song_genres')
        .select((eb) => ['genre_id', eb.fn.countAll<number | string>().as('songs')])
        .where('song_id', 'in', songIds)
        .groupBy('genre_id')
        .execute(),
      this.db
        .selectFrom('songs')
        .select('release_year')
        .where('id', 'in', songIds)
        .where('release_year', 'is not', null)
        .execute(),
    ]);
    return {
      artists: new Map(artists.map((row) => [row.artist_id, Number(row.songs)])),
      genres: new Map(genres.map((row) => [row.genre_id, Number(row.songs)])),
      years: years.flatMap((row) => (row.release_year === null ? [] : [row.release_year])),
    };
  }

  /**
   * Artists that go with these: credited on the same songs (a featured artist, a duet), and
   * played most by the listeners who play these most. Strongest first, at most `limit`.
   */
  async relatedArtists(artistIds: readonly string[], limit: number): Promise<Map<string, number>> {
    if (artistIds.length === 0) return new Map();
    const [credited, played] = await Promise.all([
      this.db
        .selectFrom('song_artists as mine')
        .innerJoin('song_artists as theirs', 'theirs.song_id', 'mine.song_id')
        .select((eb) => ['theirs.artist_id', eb.fn.countAll<number | string>().as('weight')])
        .where('mine.artist_id', 'in', artistIds)
        .where('theirs.artist_id', 'not in', artistIds)
        .groupBy('theirs.artist_id')
        .orderBy('weight', 'desc')
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('artist_plays as theirs')
        .select((eb) => ['theirs.artist_id', eb.fn.countAll<number | string>().as('weight')])
        .where('theirs.user_id', 'in', (eb) =>
          eb
            .selectFrom('artist_plays')
            .select('user_id')
            .where('artist_id', 'in', artistIds)
            .orderBy('play_count', 'desc')
            .limit(FELLOW_LISTENERS),
        )
        .where('theirs.artist_id', 'not in', artistIds)
        .where('theirs.play_count', '>=', 2)
        .groupBy('theirs.artist_id')
        .orderBy('weight', 'desc')
        .limit(limit)
        .execute(),
    ]);
    const related = new Map<string, number>();
    for (const row of [...credited, ...played]) {
      related.set(row.artist_id, (related.get(row.artist_id) ?? 0) + Number(row.weight));
    }
    return related;
  }

  /** Songs crediting any of the artists, in no order, at most `limit`. */
  async songsOfArtists(artistIds: readonly string[], limit: number): Promise<string[]> {
    if (artistIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('song_artists')
      .select('song_id')
      .where('artist_id', 'in', artistIds)
      .groupBy('song_id')
      .orderBy(sql`random()`)
      .limit(limit)
      .execute();
    return rows.map((row) => row.song_id);
  }

  /** Up to `limit` songs of a tag genre, from a random place in its list. */
  async songsOfGenre(genreId: string, limit: number): Promise<string[]> {
    const total = await this.db
      .selectFrom('song_genres')
      .select((eb) => eb.fn.countAll<number | string>().as('songs'))
      .where('genre_id', '=', genreId)
      .executeTakeFirstOrThrow();
    const offset = Math.floor(Math.random() * Math.max(0, Number(total.songs) - limit));
    const rows = await this.db
      .selectFrom('song_genres')
      .select('song_id')
      .where('genre_id', '=', genreId)
      .orderBy('song_id')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((row) => row.song_id);
  }

  /**
   * What the listeners who play these songs most also play often: each song with how many of
   * them play it, at most `limit`.
   */
  async playedTogether(songIds: readonly string[], limit: number): Promise<Map<string, number>> {
    if (songIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('last_plays as theirs')
      .select((eb) => ['theirs.song_id', eb.fn.countAll<number | string>().as('listeners')])
      .where('theirs.user_id', 'in', (eb) =>
        eb
          .selectFrom('last_plays')
          .select('user_id')
          .where('song_id', 'in', songIds)
          .orderBy('play_count', 'desc')
          .limit(FELLOW_LISTENERS),
      )
      .where('theirs.song_id', 'not in', songIds)
      .where('theirs.play_count', '>=', 2)
      .groupBy('theirs.song_id')
      .orderBy('listeners', 'desc')
      .limit(limit)
      .execute();
    return new Map(rows.map((row) => [row.song_id, Number(row.listeners)]));
  }

  /** Up to `limit` songs from a random place of the library. */
  async anySongs(limit: number): Promise<string[]> {
    const total = await this.db
      .selectFrom('songs')
      .select((eb) => eb.fn.countAll<number | string>().as('songs'))
      .executeTakeFirstOrThrow();
    const offset = Math.floor(Math.random() * Math.max(0, Number(total.songs) - limit));
    const rows = await this.db
      .selectFrom('songs')
      .select('id')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Each song's first main artist and year. */
  async candidates(songIds: readonly string[]): Promise<Candidate[]> {
    if (songIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('songs')
      .leftJoin('song_artists', (join) =>
        join
          .onRef('song_artists.song_id', '=', 'songs.id')
          .on('song_artists.role', '=', 'main')
          .on('song_artists.position', '=', 0),
      )
      .select(['songs.id', 'songs.release_year', 'song_artists.artist_id'])
      .where('songs.id', 'in', songIds)
      .execute();
    return rows.map((row) => ({
      songId: row.id,
      artistId: row.artist_id,
      year: row.release_year,
    }));
  }

  /** The artists the listener plays most, most played first. */
  async topArtistsOf(userId: string, limit: number): Promise<{ id: string; name: string }[]> {
    return this.db
      .selectFrom('artist_plays')
      .innerJoin('artists', 'artists.id', 'artist_plays.artist_id')
      .select(['artists.id', 'artists.name'])
      .where('artist_plays.user_id', '=', userId)
      .orderBy('artist_plays.play_count', 'desc')
      .orderBy('artist_plays.artist_id')
      .limit(limit)
      .execute();
  }

  /**
   * The tag genres of the songs the listener plays most (of their `sample` most played songs),
   * weighted by those plays, strongest first.
   */
  async topGenresOf(
    userId: string,
    limit: number,
    sample = 500,
  ): Promise<{ id: string; name: string }[]> {
    return this.db
      .selectFrom((eb) =>
        eb
          .selectFrom('last_plays')
          .select(['song_id', 'play_count'])
          .where('user_id', '=', userId)
          .orderBy('play_count', 'desc')
          .limit(sample)
          .as('played'),
      )
      .innerJoin('song_genres', 'song_genres.song_id', 'played.song_id')
      .innerJoin('genres', 'genres.id', 'song_genres.genre_id')
      .select(['genres.id', 'genres.name'])
      .groupBy(['genres.id', 'genres.name'])
      .orderBy((eb) => eb.fn.sum('played.play_count'), 'desc')
      .orderBy('genres.id')
      .limit(limit)
      .execute();
  }

  /** The artists credited alongside one most (a feature, a duet), by name. */
  async artistNames(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('artists')
      .select(['id', 'name'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}
