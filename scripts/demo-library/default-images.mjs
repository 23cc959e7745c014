// Neutral dark placeholders for songs, playlists and covers without their own art.
import { writeJpeg } from './covers.mjs';
import { mixColor, smoothstep } from './raster.mjs';

const BACKGROUND_CENTRE = [0.13, 0.135, 0.16];
const BACKGROUND_EDGE = [0.055, 0.058, 0.07];
const INK = [0.55, 0.57, 0.66];
const AA = 0.003;

const fill = (distance) => smoothstep(AA, -AA, distance);

function box(u, v, centreU, centreV, halfWidth, halfHeight, radius = 0) {
  const du = Math.abs(u - centreU) - halfWidth + radius;
  const dv = Math.abs(v - centreV) - halfHeight + radius;
  return Math.hypot(Math.max(du, 0), Math.max(dv, 0)) + Math.min(Math.max(du, dv), 0) - radius;
}

/** Tilted oval note head; the distance is approximate but good enough for antialiasing. */
function noteHead(u, v, centreU, centreV, size) {
  const angle = -0.35;
  const du = u - centreU;
  const dv = v - centreV;
  const x = du * Math.cos(angle) - dv * Math.sin(angle);
  const y = du * Math.sin(angle) + dv * Math.cos(angle);
  return (Math.hypot(x / 1.3, y / 0.9) - size) * 0.9;
}

/** An eighth note whose head sits at (u0, v0); `size` is the head radius in image units. */
function eighthNote(u, v, u0, v0, size) {
  const stemU = u0 + size * 1.12;
  const stemTop = v0 - size * 5.2;
  const head = noteHead(u, v, u0, v0, size);
  const stem = box(
    u,
    v,
    stemU - size * 0.11,
    (stemTop + v0) / 2,
    size * 0.11,
    (v0 - stemTop) / 2,
    size * 0.05,
  );
  const flagU = u - stemU;
  const flagV = v - stemTop - size * 0.45;
  const bend = flagU / (size * 1.9);
  const flagCentre = size * 1.4 * bend * bend + size * 0.9 * bend;
  const insideFlag =
    flagU >= -size * 0.05 && flagU <= size * 1.9
      ? Math.abs(flagV - flagCentre) - size * 0.45 * (1 - bend) ** 0.7
      : 1;
  return Math.max(fill(head), fill(stem), fill(insideFlag));
}

function background(u, v) {
  const distance = Math.hypot(u - 0.5, v - 0.45);
  return mixColor(BACKGROUND_CENTRE, BACKGROUND_EDGE, smoothstep(0.1, 0.8, distance));
}

function songShade(u, v) {
  const glow = Math.exp(-((Math.hypot(u - 0.5, v - 0.5) / 0.3) ** 2)) * 0.06;
  const base = background(u, v).map((channel) => channel + glow);
  return mixColor(base, INK, eighthNote(u, v, 0.43, 0.66, 0.075));
}

function playlistShade(u, v) {
  let coverage = 0;
  [0.3, 0.42, 0.54].forEach((row, index) => {
    const width = index === 2 ? 0.13 : 0.2;
    coverage = Math.max(coverage, fill(box(u, v, 0.22 + width, row, width, 0.022, 0.02)));
  });
  coverage = Math.max(coverage, fill(box(u, v, 0.35, 0.66, 0.13, 0.022, 0.02)));
  coverage = Math.max(coverage, eighthNote(u, v, 0.66, 0.7, 0.06));
  return mixColor(background(u, v), INK, coverage);
}

function coverShade(u, v) {
  const distance = Math.hypot(u - 0.5, v - 0.5);
  let color = background(u, v);
  const disc = fill(distance - 0.4);
  const grooves = 0.5 + 0.5 * Math.sin(distance * 420);
  const vinyl = mixColor(
    [0.07, 0.07, 0.08],
    [0.1, 0.1, 0.115],
    grooves * smoothstep(0.15, 0.2, distance),
  );
  const sheen = 0.05 * Math.max(0, Math.cos(Math.atan2(v - 0.5, u - 0.5) * 2 - 0.8));
  color = mixColor(
    color,
    vinyl.map((channel) => channel + sheen),
    disc,
  );
  const label = fill(distance - 0.14);
  color = mixColor(color, [0.2, 0.21, 0.25], label);
  return mixColor(color, INK, eighthNote(u, v, 0.47, 0.56, 0.026) * label);
}

export const DEFAULT_IMAGES = {
  'default-song.jpg': songShade,
  'default-playlist.jpg': playlistShade,
  'default-cover.jpg': coverShade,
};

export function writeDefaultImages(directory, workDir) {
  return Object.entries(DEFAULT_IMAGES).map(([name, shade]) => {
    const path = `${directory}/${name}`;
    writeJpeg(path, workDir, shade, { grain: 0.012, seed: name });
    return path;
  });
}
