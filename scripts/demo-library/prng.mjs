// A small seeded PRNG (mulberry32) so that every run produces identical music and art.

function hashText(text) {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

export function createRandom(seed) {
  let state = hashText(String(seed));
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => Math.floor(min + (max - min + 1) * next()),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (probability) => next() < probability,
    /** Picks from `[item, weight]` pairs. */
    weighted: (pairs) => {
      const total = pairs.reduce((sum, [, weight]) => sum + weight, 0);
      let threshold = next() * total;
      for (const [item, weight] of pairs) {
        threshold -= weight;
        if (threshold <= 0) return item;
      }
      return pairs[pairs.length - 1][0];
    },
    /** An independent stream, so adding draws in one part does not change another. */
    fork: (label) => createRandom(`${seed}/${label}`),
  };
}
