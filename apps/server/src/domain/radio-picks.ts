/** A song a station may play, with how strongly it goes with the seed. */
export interface WeightedSong {
  readonly songId: string;
  /** Its first main artist: one artist's songs are spread apart. */
  readonly artistId: string | null;
  readonly weight: number;
}

/** How much less likely an artist's songs are, each time one of theirs is drawn. */
const ARTIST_DAMPING = 0.8;
/** And how much less likely right after one of theirs: two in a row are rare. */
const IN_A_ROW = 0.25;

/**
 * Draws up to `count` songs, each at most once, with chances in proportion to their weights; an
 * artist's songs are less likely right after one of theirs and a little less each time one is
 * drawn, so that a station wanders instead of playing one artist's catalogue. `random` gives
 * numbers in [0, 1).
 */
export function pickSongs(
  songs: readonly WeightedSong[],
  count: number,
  random: () => number = Math.random,
): string[] {
  const pool = songs.filter((song) => song.weight > 0).map((song) => ({ ...song }));
  const picked: string[] = [];
  let lastArtist: string | null = null;
  const chance = (song: WeightedSong) =>
    song.artistId !== null && song.artistId === lastArtist ? song.weight * IN_A_ROW : song.weight;
  while (picked.length < count && pool.length > 0) {
    const total = pool.reduce((sum, song) => sum + chance(song), 0);
    let point = random() * total;
    let index = pool.findIndex((song) => (point -= chance(song)) < 0);
    if (index < 0) index = pool.length - 1;
    const [chosen] = pool.splice(index, 1);
    picked.push(chosen!.songId);
    lastArtist = chosen!.artistId;
    if (lastArtist === null) continue;
    for (const song of pool) {
      if (song.artistId === lastArtist) song.weight *= ARTIST_DAMPING;
    }
  }
  return picked;
}

/** How much a song's year adds to its weight: most within a few years of the seed's. */
export function eraFactor(year: number | null, seedYears: readonly number[]): number {
  if (year === null || seedYears.length === 0) return 1;
  const sorted = [...seedYears].sort((a, b) => a - b);
  const middle = sorted[Math.floor(sorted.length / 2)]!;
  const distance = Math.abs(year - middle);
  if (distance <= 3) return 1.5;
  if (distance <= 10) return 1.2;
  return 1;
}
