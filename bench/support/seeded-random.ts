// Repeatable randomness for generated data: the same seed gives the same library and queries.

/** A random number generator: each call answers a number in [0, 1). */
export type Random = () => number;

/** mulberry32: small, fast, and good enough to spread generated data. */
export function seededRandom(seed: number): Random {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A seed for one stream of its own (one table, one album), from the library's seed and the
 * stream's name and number: each stream is repeatable whatever order the others are drawn in.
 */
export function streamSeed(seed: number, name: string, index = 0): number {
  let hash = (seed ^ 0x9e3779b9) | 0;
  for (let at = 0; at < name.length; at += 1) {
    hash = Math.imul(hash ^ name.charCodeAt(at), 0x85ebca6b);
    hash ^= hash >>> 13;
  }
  hash = Math.imul(hash ^ index, 0xc2b2ae35);
  hash ^= hash >>> 16;
  hash = Math.imul(hash ^ (index / 4294967296), 0x27d4eb2f);
  return (hash ^ (hash >>> 15)) | 0;
}

/** Helpers over one stream. */
export function drawing(random: Random) {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  return {
    random,
    /** An integer in [min, max]. */
    int,
    pick: <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!,
    chance: (probability: number) => random() < probability,
    /** A weighted pick: `weights[i]` is how often `items[i]` comes up, relatively. */
    weighted: <T>(items: readonly T[], weights: readonly number[]): T => {
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      let left = random() * total;
      for (let index = 0; index < items.length; index += 1) {
        left -= weights[index]!;
        if (left < 0) return items[index]!;
      }
      return items[items.length - 1]!;
    },
  };
}

export type Drawing = ReturnType<typeof drawing>;
