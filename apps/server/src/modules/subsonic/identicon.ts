import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** Cells a side of the pattern; the left half is mirrored onto the right. */
const CELLS = 5;
const SIZE = 240;
const MARGIN = 20;

/**
 * A picture for an account without one of its own: a mirrored 5×5 pattern in a colour, both taken
 * from a hash of `seed`, so each account keeps its own and no font is needed to draw it.
 */
export async function identiconPng(seed: string): Promise<Buffer> {
  const hash = createHash('sha256').update(seed).digest();
  const hue = ((hash[0]! << 8) | hash[1]!) % 360;
  const cell = (SIZE - 2 * MARGIN) / CELLS;
  const rects: string[] = [];
  for (let row = 0; row < CELLS; row++) {
    for (let column = 0; column < Math.ceil(CELLS / 2); column++) {
      if ((hash[2 + row * 3 + column]! & 1) === 0) continue;
      for (const x of new Set([column, CELLS - 1 - column])) {
        rects.push(
          `<rect x="${MARGIN + x * cell}" y="${MARGIN + row * cell}" width="${cell}" height="${cell}"/>`,
        );
      }
    }
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">` +
    `<rect width="${SIZE}" height="${SIZE}" fill="hsl(${hue},25%,92%)"/>` +
    `<g fill="hsl(${hue},55%,45%)">${rects.join('')}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
