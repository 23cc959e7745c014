import { RADIO_NO_REPEAT, type RadioSeed } from '@cadenza/contract/radio';
import { NotFound } from '../../errors';
import { eraFactor, pickSongs } from '../../domain/radio-picks';
import type { SongRecord } from '../songs/song-record';
import type { SongsService } from '../songs/songs.service';
import type { RadioRepository, SeedSongs, SeedTraits } from './radio.repository';

/** A station's next songs and its name. */
export interface RadioBatchRecord {
  readonly title: string;
  readonly seed: RadioSeed;
  readonly songs: readonly SongRecord[];
}

/** A mix: a station from one of the artists or genres the listener plays most. */
export interface MixRecord {
  readonly title: string;
  readonly description: string;
  readonly seed: RadioSeed;
  /** A song of the mix whose cover stands for it. */
  readonly cover: SongRecord | null;
}

/** How many related songs each signal offers, before the draw. */
const POOL = { seedArtists: 150, relatedArtists: 12, relatedSongs: 150, genreSongs: 60 } as const;
/** How strongly each signal ties a song to the seed. */
const WEIGHT = {
  seedSong: 3,
  seedArtist: 4,
  relatedArtist: 2,
  genre: 1.5,
  playedTogether: 2.5,
} as const;
/** How many places of the library a station looks at for songs when the related ones run out. */
const FILL_WINDOWS = 3;
const TOP_GENRES = 3;
/** How many of a playlist's songs stand for it. */
const SEED_SONGS = 50;
const MIXES_OF_EACH = 3;

export function radioSeedNotFound(): NotFound {
  return new NotFound(
    'Nothing to start a radio from: no such song, album, artist, genre or playlist.',
    'radio_seed_not_found',
  );
}

/**
 * Radio (docs/product.md, "Radio and mixes"): songs that go with a seed, from four signals the
 * library itself holds: the seed's artists and the artists credited with them or played by the
 * same listeners; its tag genres; its era; and what the listeners who play it most also play.
 * Each batch is drawn at random from those, weighted, so that no two stations are alike.
 */
export class RadioService {
  constructor(
    private readonly radio: RadioRepository,
    private readonly songs: Pick<SongsService, 'findAll'>,
    /**
     * The first songs of a playlist the listener may read, ordinary or smart; NotFound for one
     * they may not (the playlists module's policy).
     */
    private readonly playlistSongIds: (
      userId: string,
      playlistId: string,
      limit: number,
    ) => Promise<string[]>,
  ) {}

  /**
   * The station's next `count` songs for the listener: none of the last `RADIO_NO_REPEAT` of
   * `recent` (heard or queued, latest last) while the library has others. A song seed's
   * station starts with the song itself.
   */
  async next(
    userId: string,
    seed: RadioSeed,
    recent: readonly string[],
    count: number,
  ): Promise<RadioBatchRecord> {
    const seedSongs = await this.seedSongs(seed, userId);
    const lately = recent.slice(-RADIO_NO_REPEAT);
    const starting = lately.length === 0 && seed.kind === 'song';
    const heard = new Set(lately);
    if (starting) heard.add(seed.id);
    const drawn = await this.draw(seedSongs.songIds, heard, starting ? count - 1 : count);
    const ids = starting ? [seed.id, ...drawn] : drawn;
    if (ids.length === 0) ids.push(...longestAgo(lately, count));
    return {
      title: `${seedSongs.title} Radio`,
      seed,
      songs: await this.songs.findAll(ids),
    };
  }

  /**
   * Songs like the seed (for `/rest`'s similar songs): a station's songs, related ones only (none
   * drawn from the rest of the library), a song seed itself left out.
   */
  async similar(userId: string, seed: RadioSeed, count: number): Promise<SongRecord[]> {
    const seedSongs = await this.seedSongs(seed, userId);
    const itself = new Set(seed.kind === 'song' ? [seed.id] : []);
    return this.songs.findAll(await this.draw(seedSongs.songIds, itself, count, false));
  }

  /** Artists like one (for `/rest`'s artist info): credited with them, played by the same listeners, or of their genres. */
  async similarArtists(artistId: string, count: number): Promise<string[]> {
    const related = await this.radio.relatedArtists([artistId], count);
    if (related.size < count) {
      const seed = await this.radio.seed({ kind: 'artist', id: artistId });
      const traits = await this.radio.traits(seed?.songIds ?? []);
      for (const genreId of topKeys(traits.genres, TOP_GENRES)) {
        const songs = await this.radio.candidates(
          await this.radio.songsOfGenre(genreId, POOL.genreSongs),
        );
        for (const song of songs) {
          if (song.artistId === null || song.artistId === artistId) continue;
          related.set(song.artistId, (related.get(song.artistId) ?? 0) + 0.1);
        }
      }
    }
    return topKeys(related, count);
  }

  /** A few stations from the artists and tag genres the listener plays most. */
  async mixes(userId: string): Promise<MixRecord[]> {
    const [artists, genres] = await Promise.all([
      this.radio.topArtistsOf(userId, MIXES_OF_EACH),
      this.radio.topGenresOf(userId, MIXES_OF_EACH),
    ]);
    const seeds = [
      ...artists.map((artist) => ({
        title: `${artist.name} Mix`,
        description: `${artist.name} and the artists that go with them`,
        seed: { kind: 'artist' as const, id: artist.id },
      })),
      ...genres.map((genre) => ({
        title: `${genre.name} Mix`,
        description: `The ${genre.name} you play, and more like it`,
        seed: { kind: 'genre' as const, id: genre.id },
      })),
    ];
    return Promise.all(
      seeds.map(async (mix) => {
        const songs = await this.radio.seed(mix.seed);
        const [cover] = await this.songs.findAll(songs?.songIds.slice(0, 1) ?? []);
        return { ...mix, cover: cover ?? null };
      }),
    );
  }

  /** The seed's name and the songs that stand for it; 404 for a seed the caller cannot have. */
  private async seedSongs(seed: RadioSeed, userId: string): Promise<SeedSongs> {
    const found = await this.radio.seed(seed);
    if (!found) throw radioSeedNotFound();
    if (seed.kind !== 'playlist') return found;
    try {
      return { ...found, songIds: await this.playlistSongIds(userId, seed.id, SEED_SONGS) };
    } catch (error) {
      if (error instanceof NotFound) throw radioSeedNotFound();
      throw error;
    }
  }

  /**
   * Draws songs related to the seed songs, none of `heard`; with `fill`, songs from anywhere in
   * the library after them when the related ones run out (a station never ends).
   */
  private async draw(
    seedSongIds: readonly string[],
    heard: ReadonlySet<string>,
    count: number,
    fill = true,
  ): Promise<string[]> {
    if (count <= 0) return [];
    const traits = await this.radio.traits(seedSongIds);
    const weights = await this.weigh(seedSongIds, traits);
    for (const id of heard) weights.delete(id);
    const candidates = await this.radio.candidates([...weights.keys()]);
    const related = pickSongs(
      candidates.map((candidate) => ({
        songId: candidate.songId,
        artistId: candidate.artistId,
        weight: (weights.get(candidate.songId) ?? 0) * eraFactor(candidate.year, traits.years),
      })),
      count,
    );
    if (!fill || related.length === count) return related;
    const taken = new Set([...heard, ...related]);
    const others: string[] = [];
    for (
      let window = 0;
      window < FILL_WINDOWS && related.length + others.length < count;
      window += 1
    ) {
      for (const id of await this.radio.anySongs(count * 2)) {
        if (!taken.has(id)) {
          taken.add(id);
          others.push(id);
        }
      }
    }
    const rest = pickSongs(
      others.map((songId) => ({ songId, artistId: null, weight: 1 })),
      count - related.length,
    );
    return [...related, ...rest];
  }

  /** Every song the signals offer, with the sum of what ties it to the seed. */
  private async weigh(
    seedSongIds: readonly string[],
    traits: SeedTraits,
  ): Promise<Map<string, number>> {
    const weights = new Map<string, number>();
    const add = (ids: Iterable<string>, weight: number) => {
      for (const id of ids) weights.set(id, (weights.get(id) ?? 0) + weight);
    };
    const seedArtists = [...traits.artists.keys()];
    const [ofSeedArtists, related, together] = await Promise.all([
      this.radio.songsOfArtists(seedArtists, POOL.seedArtists),
      this.radio.relatedArtists(seedArtists, POOL.relatedArtists),
      this.radio.playedTogether(seedSongIds, POOL.relatedSongs),
    ]);
    add(seedSongIds, WEIGHT.seedSong);
    add(ofSeedArtists, WEIGHT.seedArtist);
    add(
      await this.radio.songsOfArtists([...related.keys()], POOL.relatedSongs),
      WEIGHT.relatedArtist,
    );
    const strongest = Math.max(1, ...together.values());
    for (const [id, listeners] of together) {
      add([id], WEIGHT.playedTogether * (0.5 + listeners / strongest / 2));
    }
    const seedCount = Math.max(1, seedSongIds.length);
    for (const genreId of topKeys(traits.genres, TOP_GENRES)) {
      const share = (traits.genres.get(genreId) ?? 0) / seedCount;
      add(await this.radio.songsOfGenre(genreId, POOL.genreSongs), WEIGHT.genre * share);
    }
    return weights;
  }
}

/** The keys of the largest values, largest first. */
function topKeys(values: ReadonlyMap<string, number>, count: number): string[] {
  return [...values]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
    .slice(0, count)
    .map(([key]) => key);
}

/**
 * When the library has no song left that was not heard lately (a library of a few songs), the
 * ones heard longest ago.
 */
function longestAgo(lately: readonly string[], count: number): string[] {
  const lastHeard = new Map<string, number>();
  lately.forEach((id, index) => lastHeard.set(id, index));
  return [...lastHeard]
    .sort(([, a], [, b]) => a - b)
    .slice(0, Math.max(1, Math.floor(count / 2)))
    .map(([id]) => id);
}
