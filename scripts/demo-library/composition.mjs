// Genre-neutral writing tools: melodies built from motifs, drum patterns and chord voicings.
import { voiceChord } from './music-theory.mjs';

const DEGREES_PER_OCTAVE = 7;
const STEP_WEIGHTS = [
  [1, 3],
  [-1, 3.2],
  [2, 1.4],
  [-2, 1.6],
  [0, 0.8],
  [3, 0.5],
  [-3, 0.4],
  [4, 0.25],
];

/** Common one-beat and two-beat rhythm cells: [width in beats, [[onset, length], ...]]. */
export const RHYTHM_CELLS = {
  quarter: [1, [[0, 1]]],
  eighths: [
    1,
    [
      [0, 0.5],
      [0.5, 0.5],
    ],
  ],
  dotted: [
    1,
    [
      [0, 0.75],
      [0.75, 0.25],
    ],
  ],
  offbeat: [1, [[0.5, 0.5]]],
  sixteenths: [
    1,
    [
      [0, 0.25],
      [0.25, 0.25],
      [0.5, 0.5],
    ],
  ],
  half: [2, [[0, 2]]],
  dottedQuarter: [
    2,
    [
      [0, 1.5],
      [1.5, 0.5],
    ],
  ],
  syncopated: [
    2,
    [
      [0, 0.5],
      [0.5, 1],
      [1.5, 0.5],
    ],
  ],
  rest: [1, []],
  triplet: [
    1,
    [
      [0, 1 / 3],
      [1 / 3, 1 / 3],
      [2 / 3, 1 / 3],
    ],
  ],
};

const modulo = (value) => ((value % DEGREES_PER_OCTAVE) + DEGREES_PER_OCTAVE) % DEGREES_PER_OCTAVE;

function motifRhythm(random, cellWeights, beats) {
  const notes = [];
  let position = 0;
  while (position < beats) {
    const chosen = RHYTHM_CELLS[random.weighted(cellWeights)];
    const [width, onsets] = position + chosen[0] > beats ? RHYTHM_CELLS.quarter : chosen;
    for (const [onset, length] of onsets) notes.push({ start: position + onset, length });
    position += width;
  }
  return notes;
}

function nearestChordTone(target, chord, low, high) {
  const tones = new Set(chord.map(modulo));
  let best = target;
  let bestDistance = Infinity;
  for (let degree = low; degree <= high; degree += 1) {
    const distance = Math.abs(degree - target);
    if (tones.has(modulo(degree)) && distance < bestDistance) {
      best = degree;
      bestDistance = distance;
    }
  }
  return best;
}

function stepWithin(current, step, low, high, avoid) {
  let next = current + step;
  if (next > high) next = current - Math.abs(step);
  if (next < low) next = current + Math.abs(step);
  const direction = step >= 0 ? 1 : -1;
  while (avoid.includes(modulo(next)) && next + direction <= high && next + direction >= low) {
    next += direction;
  }
  return Math.min(high, Math.max(low, next));
}

/** Strong beats land on chord tones; the notes between move mostly by step. */
function pitchRhythm(rhythm, { random, chordAt, low, high, avoid, start }) {
  let current = start;
  return rhythm.map((note) => {
    const chord = chordAt(note.start);
    const strong = Number.isInteger(note.start) && note.start % 2 === 0;
    const step = random.weighted(STEP_WEIGHTS);
    current = strong
      ? nearestChordTone(current + Math.round(step / 2), chord, low, high)
      : stepWithin(current, step, low, high, avoid);
    return { ...note, degree: current };
  });
}

/**
 * One four-bar phrase: a two-bar motif, then an answer with the same rhythm and contour over the
 * next chords that comes to rest on a chord tone. Repeating phrases is what makes it a tune.
 * `chordAt(beatInPhrase)` gives the chord degrees; returns notes with beats from the phrase start.
 * @param {{ fork(name: string): unknown }} random
 * @param {{ chordAt: (beat: number) => number[], low: number, high: number, cells: unknown[],
 *   avoid?: number[] }} options
 */
export function composePhrase(random, { chordAt, low, high, cells, avoid = [] }) {
  const rhythm = motifRhythm(random.fork('rhythm'), cells, 8);
  const start = nearestChordTone(Math.round((low + high) / 2), chordAt(0), low, high);
  const motif = pitchRhythm(rhythm, {
    random: random.fork('contour'),
    chordAt,
    low,
    high,
    avoid,
    start,
  });
  const answerChordAt = (beat) => chordAt(beat + 8);
  const answer = pitchRhythm(rhythm, {
    random: random.fork('contour'),
    chordAt: answerChordAt,
    low,
    high,
    avoid,
    start: motif[motif.length - 1]?.degree ?? start,
  }).filter((note) => note.start < 6);
  const lastDegree = answer[answer.length - 1]?.degree ?? start;
  const finalChord = answerChordAt(6);
  const landing = nearestChordTone(lastDegree, [finalChord[0], finalChord[2]], low, high);
  return [
    ...motif,
    ...answer.map((note) => ({ ...note, start: note.start + 8 })),
    { start: 14, length: 1.75, degree: landing },
  ];
}

const DRUM_VELOCITY = { X: 1, x: 0.72, o: 0.42 };

/** Plays one bar of a step pattern such as `{ kick: 'X...x...X...x...' }` (16 steps a bar). */
export function playDrumBar(context, bar, pattern, kit, { pans = {}, gain = 1 } = {}) {
  for (const [sound, steps] of Object.entries(pattern)) {
    const stepBeats = 4 / steps.length;
    [...steps].forEach((symbol, step) => {
      const velocity = DRUM_VELOCITY[symbol];
      if (velocity === undefined) return;
      context.hit('drums', kit[sound], {
        bar,
        beat: step * stepBeats,
        velocity: velocity * gain,
        pan: pans[sound] ?? 0,
      });
    });
  }
}

/** MIDI notes of the chord at a bar, voiced close to `centerMidi`. */
export function chordVoicing(context, bar, beat, size, centerMidi) {
  const midis = context.chordTones(bar, beat, size).map((degree) => context.midi(degree));
  return voiceChord(midis, centerMidi);
}

/**
 * Plays a phrase's notes from `startBar` on one bus.
 * @param {{ note: Function, midi: Function }} context
 * @param {{ start: number, length: number, degree: number }[]} phrase
 * @param {number} startBar
 * @param {{ bus: string, instrument: Function, octave?: number, velocity?: number, pan?: number,
 *   tone?: object, legato?: number }} options
 */
export function playPhrase(
  context,
  phrase,
  startBar,
  { bus, instrument, octave = 0, velocity = 0.8, pan = 0, tone, legato = 1 },
) {
  for (const note of phrase) {
    context.note(bus, instrument, {
      bar: startBar + Math.floor(note.start / 4),
      beat: note.start % 4,
      beats: note.length * legato,
      midi: context.midi(note.degree, octave),
      velocity: velocity * (note.start % 2 === 0 ? 1 : 0.88),
      pan,
      tone,
    });
  }
}
