import { rmSync } from 'node:fs';
import { COVER_STYLES, withVignette } from './cover-styles.mjs';
import { run } from './external-tools.mjs';
import { createRandom } from './prng.mjs';
import { paintPpm } from './raster.mjs';

export const COVER_SIZE = 500;

/** Paints a PPM in `workDir` and converts it to a JPEG with ffmpeg. */
export function writeJpeg(jpegPath, workDir, shade, { grain = 0, seed = 'grain' } = {}) {
  const ppmPath = `${workDir}/image.ppm`;
  paintPpm(ppmPath, COVER_SIZE, shade, { grain, random: createRandom(seed) });
  run('ffmpeg', ['-v', 'error', '-y', '-i', ppmPath, '-q:v', '3', jpegPath]);
  rmSync(ppmPath);
}

/** `hue` (0..1) is handed out per song so that covers of the same style still differ in colour. */
export function writeCover(jpegPath, workDir, { genre, seed, hue }) {
  const random = createRandom(`${seed}/cover`);
  const shade = withVignette(COVER_STYLES[genre](random, hue));
  writeJpeg(jpegPath, workDir, shade, { grain: 0.035, seed: `${seed}/grain` });
}
