// Pixel-level helpers for the procedural artwork: colour, smooth noise and a PPM writer.
import { writeFileSync } from 'node:fs';

export const clamp01 = (value) => Math.min(1, Math.max(0, value));
export const mix = (a, b, amount) => a + (b - a) * amount;
export const mixColor = (a, b, amount) => a.map((channel, index) => mix(channel, b[index], amount));

export function smoothstep(edge0, edge1, value) {
  const t = clamp01((value - edge0) / (edge1 - edge0));
  return t * t * (3 - 2 * t);
}

/** Hue in turns (0..1), saturation and lightness 0..1, to linear-ish RGB 0..1. */
export function hsl(hue, saturation, lightness) {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const h = (((hue % 1) + 1) % 1) * 6;
  const x = chroma * (1 - Math.abs((h % 2) - 1));
  const [r, g, b] =
    h < 1
      ? [chroma, x, 0]
      : h < 2
        ? [x, chroma, 0]
        : h < 3
          ? [0, chroma, x]
          : h < 4
            ? [0, x, chroma]
            : h < 5
              ? [x, 0, chroma]
              : [chroma, 0, x];
  const offset = lightness - chroma / 2;
  return [r + offset, g + offset, b + offset];
}

/** Seeded 2-D value noise with smooth interpolation, summed over octaves (fractal Brownian motion). */
export function createNoise2d(random) {
  const size = 256;
  const values = Float32Array.from({ length: size * size }, () => random.next());
  const at = (x, y) => values[(y & (size - 1)) * size + (x & (size - 1))];
  const fade = (t) => t * t * t * (t * (t * 6 - 15) + 10);
  const noise = (x, y) => {
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const tx = fade(x - x0);
    const ty = fade(y - y0);
    const top = mix(at(x0, y0), at(x0 + 1, y0), tx);
    const bottom = mix(at(x0, y0 + 1), at(x0 + 1, y0 + 1), tx);
    return mix(top, bottom, ty);
  };
  const fbm = (x, y, octaves = 5) => {
    let sum = 0;
    let amplitude = 0.5;
    let frequency = 1;
    for (let octave = 0; octave < octaves; octave += 1) {
      sum += amplitude * noise(x * frequency, y * frequency);
      frequency *= 2.03;
      amplitude *= 0.5;
    }
    return sum / (1 - 0.5 ** octaves);
  };
  return { noise, fbm };
}

/**
 * Renders `shade(u, v)` (u, v in 0..1, returns RGB 0..1) into a binary PPM file.
 * @param {string} path
 * @param {number} size
 * @param {(u: number, v: number) => number[]} shade
 * @param {{ grain?: number, random?: { next(): number } }} [options] `random` is needed with `grain`.
 */
export function paintPpm(path, size, shade, { grain = 0, random } = {}) {
  const header = Buffer.from(`P6\n${size} ${size}\n255\n`, 'ascii');
  const pixels = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const color = shade((x + 0.5) / size, (y + 0.5) / size);
      const noise = grain && random ? (random.next() - 0.5) * grain : 0;
      const offset = (y * size + x) * 3;
      for (let channel = 0; channel < 3; channel += 1) {
        pixels[offset + channel] = Math.round(clamp01(color[channel] + noise) * 255);
      }
    }
  }
  writeFileSync(path, Buffer.concat([header, pixels]));
}
