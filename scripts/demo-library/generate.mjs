// Generates the demo library the server adds on first start: synthesized songs (MP3 with ID3
// tags and embedded art), one cover per album, a manifest, and the default placeholder images.
// Usage: node scripts/demo-library/generate.mjs
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALBUMS, CATALOG } from './catalog.mjs';
import { writeCover } from './covers.mjs';
import { writeDefaultImages } from './default-images.mjs';
import { assertToolsInstalled, run } from './external-tools.mjs';
import { buildId3Tag } from './id3.mjs';
import { NOTE_NAMES } from './music-theory.mjs';
import { createRandom } from './prng.mjs';
import { renderSong } from './render-song.mjs';
import { writeWav } from './wav.mjs';

const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DEMO_DIRECTORY = join(REPOSITORY_ROOT, 'apps/server/assets/demo');
const DEFAULTS_DIRECTORY = join(REPOSITORY_ROOT, 'apps/server/assets/defaults');
const LOWEST_TONIC_MIDI = 48;
const GOLDEN_RATIO_TURN = 0.618034;

function slugify(text) {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function probeDurationSeconds(path) {
  const output = run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    path,
  ]);
  return Math.round(Number(output.trim()));
}

function removePreviousOutput() {
  mkdirSync(DEMO_DIRECTORY, { recursive: true });
  mkdirSync(DEFAULTS_DIRECTORY, { recursive: true });
  for (const name of readdirSync(DEMO_DIRECTORY)) {
    if (/\.(mp3|jpg)$/.test(name) || name === 'manifest.json') rmSync(join(DEMO_DIRECTORY, name));
  }
}

/** Paints each album's cover once (`cover-<album>.jpg`) and answers their file names in order. */
function generateCovers(workDir) {
  return ALBUMS.map((album, index) => {
    const slug = slugify(album.title);
    const coverFile = `cover-${slug}.jpg`;
    writeCover(join(DEMO_DIRECTORY, coverFile), workDir, {
      genre: album.genre,
      seed: `album/${slug}`,
      hue: (index * GOLDEN_RATIO_TURN) % 1,
    });
    console.log(`  ${coverFile}`);
    return coverFile;
  });
}

function generateSong(entry, index, coverFile, workDir) {
  const number = String(index + 1).padStart(2, '0');
  const slug = slugify(entry.title);
  const baseName = `${number}-${slug}`;
  const songRandom = createRandom(slug);
  // Walking the circle of fifths keeps neighbouring songs (and so each album's tracks) in different keys.
  const tonic = LOWEST_TONIC_MIDI + ((index * 7) % 12);
  const song = renderSong({
    genre: entry.genre,
    seed: slug,
    variant: entry.variant,
    tonic,
    targetSeconds: songRandom.range(34, 41),
  });

  const wavPath = join(workDir, `${baseName}.wav`);
  const encodedPath = join(workDir, `${baseName}.mp3`);
  writeWav(wavPath, song.left, song.right, songRandom.fork('dither'));
  run('lame', ['--quiet', '-b', '128', '--cbr', '-q', '2', '-m', 'j', wavPath, encodedPath]);
  rmSync(wavPath);

  const coverPath = join(DEMO_DIRECTORY, coverFile);
  const audioFile = `${baseName}.mp3`;
  const audioPath = join(DEMO_DIRECTORY, audioFile);
  const tag = buildId3Tag({ ...entry, coverJpeg: readFileSync(coverPath) });
  writeFileSync(audioPath, Buffer.concat([tag, readFileSync(encodedPath)]));
  rmSync(encodedPath);

  const duration = probeDurationSeconds(audioPath);
  const scaleName = song.plan.scale.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
  const key = `${NOTE_NAMES[tonic % 12]} ${scaleName}`;
  console.log(`  ${audioFile}  ${entry.genre}, ${song.plan.bpm} bpm, ${key}, ${duration} s`);
  return {
    file: audioFile,
    cover: coverFile,
    title: entry.title,
    artist: entry.artist,
    ...(entry.artists ? { artists: entry.artists } : {}),
    album: entry.album,
    albumArtist: entry.albumArtist,
    trackNumber: entry.trackNumber,
    genre: entry.genre,
    releaseYear: entry.releaseYear,
    duration,
  };
}

function folderSize(directory) {
  return readdirSync(directory).reduce(
    (sum, name) => sum + statSync(join(directory, name)).size,
    0,
  );
}

function main() {
  assertToolsInstalled();
  removePreviousOutput();
  const workDir = mkdtempSync(join(tmpdir(), 'cadenza-demo-'));
  try {
    console.log(
      `Writing ${ALBUMS.length} albums of ${CATALOG.length} demo songs to ${DEMO_DIRECTORY}`,
    );
    const covers = generateCovers(workDir);
    const manifest = CATALOG.map((entry, index) =>
      generateSong(entry, index, covers[entry.albumIndex], workDir),
    );
    writeFileSync(join(DEMO_DIRECTORY, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    console.log('  manifest.json');

    console.log(`Writing default images to ${DEFAULTS_DIRECTORY}`);
    for (const path of writeDefaultImages(DEFAULTS_DIRECTORY, workDir))
      console.log(`  ${path.split('/').pop()}`);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  const megabytes = (folderSize(DEMO_DIRECTORY) / 1024 / 1024).toFixed(1);
  console.log(`Done: demo library is ${megabytes} MB.`);
}

main();
