// The musical frame of one song (tempo, key, harmony, form) and the calls parts use to place sound.
import { chordDegrees, degreeToMidi, midiToFrequency } from './music-theory.mjs';

const BEATS_PER_BAR = 4;
const PHRASE_BARS = 4;

/**
 * Splits the bars into an intro, four-bar phrases and a single ending bar. The phrase before the
 * last becomes a breakdown when the song is long enough, so the final phrase lands harder.
 */
function planForm(bodyBars) {
  const remainder = bodyBars % PHRASE_BARS;
  const introBars = remainder === 0 ? PHRASE_BARS : remainder;
  const phraseCount = (bodyBars - introBars) / PHRASE_BARS;
  /** @type {string[]} */
  const roles = Array.from({ length: phraseCount }, (_, index) => (index % 2 === 0 ? 'a' : 'b'));
  if (phraseCount >= 4) roles[phraseCount - 2] = 'break';
  if (phraseCount >= 2) roles[phraseCount - 1] = 'b';
  return { introBars, roles, endingBar: bodyBars };
}

export function createSongContext({
  random,
  bpm,
  tonic,
  scale,
  progression,
  chordBeats,
  swing,
  totalBars,
  buses,
}) {
  const beatSeconds = 60 / bpm;
  const barSeconds = beatSeconds * BEATS_PER_BAR;
  const form = planForm(totalBars - 1);
  const humanize = random.fork('humanize');

  /** Swing delays the off-beat eighths (or sixteenths) by `swing.amount` of their length. */
  function swungBeat(beat) {
    if (!swing) return beat;
    const unit = swing.unit === 8 ? 0.5 : 0.25;
    const position = beat / unit;
    const whole = Math.round(position);
    if (Math.abs(position - whole) < 1e-6 && whole % 2 === 1) return beat + swing.amount * unit;
    return beat;
  }

  function time(bar, beat = 0) {
    return bar * barSeconds + swungBeat(beat) * beatSeconds;
  }

  /** Chords are counted from the first phrase, so the intro plays the end of the progression. */
  function chordRootAt(bar, beat = 0) {
    const beatIndex = (bar - form.introBars) * BEATS_PER_BAR + beat;
    const index = Math.floor(beatIndex / chordBeats);
    const length = progression.length;
    return progression[((index % length) + length) % length];
  }

  function section(bar) {
    if (bar < form.introBars) return { role: 'intro', barInPhrase: bar, phraseStart: 0 };
    if (bar >= form.endingBar) return { role: 'ending', barInPhrase: 0, phraseStart: bar };
    const phraseIndex = Math.floor((bar - form.introBars) / PHRASE_BARS);
    const phraseStart = form.introBars + phraseIndex * PHRASE_BARS;
    return {
      role: form.roles[phraseIndex],
      barInPhrase: bar - phraseStart,
      phraseStart,
      phraseIndex,
    };
  }

  const midi = (degree, octaveShift = 0) => degreeToMidi(scale, tonic, degree) + 12 * octaveShift;

  function note(
    busName,
    instrument,
    { bar, beat = 0, beats, midi: pitch, velocity = 0.8, pan = 0, tone = {} },
  ) {
    const seconds = Math.max(0.03, beats * beatSeconds - 0.01);
    const jitter = humanize.range(-0.004, 0.004);
    const humanVelocity = Math.min(1, velocity * humanize.range(0.92, 1.05));
    const samples = instrument({
      frequency: midiToFrequency(pitch),
      seconds,
      velocity: humanVelocity,
      random: humanize,
      ...tone,
    });
    buses[busName].add(samples, Math.max(0, time(bar, beat) + jitter), 1, pan);
  }

  function hit(busName, samples, { bar, beat = 0, velocity = 1, pan = 0 }) {
    const jitter = humanize.range(-0.003, 0.003);
    buses[busName].add(
      samples,
      Math.max(0, time(bar, beat) + jitter),
      velocity * humanize.range(0.9, 1.05),
      pan,
    );
  }

  return {
    bpm,
    tonic,
    scale,
    beatSeconds,
    barSeconds,
    totalBars,
    form,
    time,
    section,
    chordRootAt,
    chordTones: (bar, beat = 0, size = 3) => chordDegrees(chordRootAt(bar, beat), size),
    /** Chord degrees by beat counted from the start of any phrase (all phrases share the harmony). */
    phraseChords:
      (size = 3) =>
      (beat) =>
        chordDegrees(chordRootAt(form.introBars + Math.floor(beat / 4), beat % 4), size),
    midi,
    note,
    hit,
  };
}

/**
 * A song's plan: its tempo (`bpm`, drawn by the caller before the progression is picked), its
 * scale and one of the scale's chord progressions, a chord every four beats, straight unless
 * `swing` says otherwise.
 * @param {{ pick<T>(items: T[]): T }} random
 * @param {{ bpm: number, scale: string, progressions: Record<string, number[][]>,
 *   swing?: { unit: number, amount: number } | null }} options
 */
export function songPlan(random, { bpm, scale, progressions, swing = null }) {
  return { bpm, scale, progression: random.pick(progressions[scale]), chordBeats: 4, swing };
}
