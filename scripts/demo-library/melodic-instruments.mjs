// Pitched voices. Each renders one note into a new mono buffer:
// ({ frequency, seconds, velocity, random, ...tone }) => Float32Array
import {
  SAMPLE_RATE,
  TWO_PI,
  adsr,
  createNoise,
  createStateVariableFilter,
  pulse,
  saw,
  secondsToSamples,
  triangle,
} from './dsp.mjs';

function allocate(seconds, tail) {
  return new Float32Array(secondsToSamples(seconds + tail));
}

/** A struck string: inharmonic partials that fade faster the higher they are, plus a hammer knock. */
export function piano({ frequency, seconds, velocity, random, brightness = 1 }) {
  const buffer = allocate(seconds, 1.2);
  const stiffness = 0.0004;
  const partialCount = Math.min(10, Math.floor(16000 / frequency));
  const partials = Array.from({ length: partialCount }, (_, index) => {
    const number = index + 1;
    return {
      increment: (frequency * number * Math.sqrt(1 + stiffness * number * number)) / SAMPLE_RATE,
      amplitude: (0.45 + 0.5 * brightness * velocity) ** ((number - 1) * 0.5) / number ** 1.1,
      decay: 1.6 / (1 + number * 0.7) + 1.4 * Math.exp(-frequency / 500),
      phase: random.next(),
    };
  });
  const noise = createNoise(random);
  const knock = createStateVariableFilter();
  for (let index = 0; index < buffer.length; index += 1) {
    const time = index / SAMPLE_RATE;
    const damper = time > seconds ? Math.exp(-(time - seconds) * 14) : 1;
    let sample = 0;
    for (const partial of partials) {
      sample +=
        partial.amplitude *
        Math.exp(-time / partial.decay) *
        Math.sin(TWO_PI * (partial.phase + partial.increment * index));
    }
    const hammer = knock.bandpass(noise(), frequency * 3, 0.8) * Math.exp(-time * 90) * 0.4;
    buffer[index] = (sample * Math.min(1, time * 400) + hammer) * damper * 0.35 * velocity;
  }
  return buffer;
}

/** Two-operator FM tine, the classic electric piano bell that softens as it rings. */
export function electricPiano({ frequency, seconds, velocity, random }) {
  const buffer = allocate(seconds, 0.6);
  const phase = random.next();
  for (let index = 0; index < buffer.length; index += 1) {
    const time = index / SAMPLE_RATE;
    const envelope = adsr(time, seconds, {
      attack: 0.003,
      decay: 1.4,
      sustain: 0.35,
      release: 0.35,
    });
    const index1 = (1.2 + velocity * 1.8) * Math.exp(-time * 3);
    const tine = 0.25 * velocity * Math.exp(-time * 25) * Math.sin(TWO_PI * frequency * 14 * time);
    const modulator = Math.sin(TWO_PI * frequency * time) * index1 + tine;
    const carrier = Math.sin(TWO_PI * (phase + frequency * time) + modulator);
    const tremolo = 1 + 0.12 * Math.sin(TWO_PI * 4.5 * time);
    buffer[index] = carrier * envelope * tremolo * 0.3 * velocity;
  }
  return buffer;
}

/** Tuned metal bars (partials 1, 4, 10) with the motor tremolo of a vibraphone. */
export function vibraphone({ frequency, seconds, velocity, random }) {
  const buffer = allocate(seconds, 1.5);
  const phase = random.next();
  for (let index = 0; index < buffer.length; index += 1) {
    const time = index / SAMPLE_RATE;
    const damper = time > seconds ? Math.exp(-(time - seconds) * 4) : 1;
    const tremolo = 1 + 0.3 * Math.sin(TWO_PI * 5.5 * time);
    const body =
      Math.sin(TWO_PI * (phase + frequency * time)) * Math.exp(-time * 1.1) +
      0.35 * Math.sin(TWO_PI * frequency * 4 * time) * Math.exp(-time * 6) +
      0.12 * Math.sin(TWO_PI * frequency * 10 * time) * Math.exp(-time * 20);
    buffer[index] = body * tremolo * damper * Math.min(1, time * 1000) * 0.3 * velocity;
  }
  return buffer;
}

/** Karplus-Strong plucked string; `brightness` sets how much of the excitation is filtered. */
export function pluckedString({
  frequency,
  seconds,
  velocity,
  random,
  brightness = 0.6,
  sustain = 0.996,
}) {
  const buffer = allocate(seconds, 0.8);
  const period = SAMPLE_RATE / frequency;
  const length = Math.ceil(period) + 2;
  const line = new Float32Array(length);
  let smoothed = 0;
  for (let index = 0; index < length; index += 1) {
    smoothed += brightness * (random.next() * 2 - 1 - smoothed);
    line[index] = smoothed;
  }
  let write = 0;
  let previous = 0;
  for (let index = 0; index < buffer.length; index += 1) {
    const time = index / SAMPLE_RATE;
    const readPosition = write - period + length;
    const whole = Math.floor(readPosition);
    const fraction = readPosition - whole;
    const delayed = line[whole % length] * (1 - fraction) + line[(whole + 1) % length] * fraction;
    const damping = time > seconds ? 0.9 : sustain;
    const filtered = damping * 0.5 * (delayed + previous);
    previous = delayed;
    line[write] = filtered;
    write = (write + 1) % length;
    buffer[index] = filtered * velocity * 0.6;
  }
  return buffer;
}

/** Kalimba or marimba: a sine body and a short inharmonic overtone. */
export function mallet({ frequency, seconds, velocity, random, overtone = 5.4, decay = 2.2 }) {
  const buffer = allocate(seconds, 1);
  const phase = random.next();
  for (let index = 0; index < buffer.length; index += 1) {
    const time = index / SAMPLE_RATE;
    const damper = time > seconds ? Math.exp(-(time - seconds) * 6) : 1;
    const body =
      Math.sin(TWO_PI * (phase + frequency * time)) * Math.exp(-time * decay) +
      0.3 * Math.sin(TWO_PI * frequency * overtone * time) * Math.exp(-time * decay * 8);
    buffer[index] = body * damper * Math.min(1, time * 800) * 0.45 * velocity;
  }
  return buffer;
}

function detunedSaws(frequency, voices, spread, random) {
  return Array.from({ length: voices }, (_, index) => {
    const offset = voices === 1 ? 0 : (index / (voices - 1) - 0.5) * 2 * spread;
    return { increment: (frequency * 2 ** (offset / 1200)) / SAMPLE_RATE, phase: random.next() };
  });
}

/**
 * The detuned saws summed at one sample, each then advanced by its increment (times `pitch`, for
 * a vibrato).
 */
function sawSum(oscillators, pitch = 1) {
  let sample = 0;
  for (const oscillator of oscillators) {
    sample += saw(oscillator.phase, oscillator.increment);
    oscillator.phase = (oscillator.phase + oscillator.increment * pitch) % 1;
  }
  return sample;
}

/** A bowed section: detuned saws, a late vibrato and a soft bow attack. */
export function strings({ frequency, seconds, velocity, random, attack = 0.25, cutoff = 2600 }) {
  const buffer = allocate(seconds, 0.6);
  const oscillators = detunedSaws(frequency, 4, 12, random);
  const filter = createStateVariableFilter();
  const vibratoRate = 5 + random.next();
  for (let index = 0; index < buffer.length; index += 1) {
    const time = index / SAMPLE_RATE;
    const vibrato = 1 + 0.004 * Math.min(1, time / 0.6) * Math.sin(TWO_PI * vibratoRate * time);
    const sample = sawSum(oscillators, vibrato);
    const envelope = adsr(time, seconds, { attack, decay: 0.3, sustain: 0.85, release: 0.45 });
    buffer[index] =
      filter.lowpass(sample * 0.2, cutoff * (0.6 + 0.4 * envelope), 0.8) * envelope * velocity;
  }
  return buffer;
}

/** Warm synth pad; `cutoff` and the slow attack keep it behind the other parts. */
export function pad({
  frequency,
  seconds,
  velocity,
  random,
  cutoff = 1400,
  attack = 0.6,
  voices = 5,
}) {
  const buffer = allocate(seconds, 1);
  const oscillators = detunedSaws(frequency, voices, 18, random);
  const filter = createStateVariableFilter();
  for (let index = 0; index < buffer.length; index += 1) {
    const time = index / SAMPLE_RATE;
    const sample = sawSum(oscillators);
    const envelope = adsr(time, seconds, { attack, decay: 0.5, sustain: 0.9, release: 0.9 });
    const sweep = cutoff * (1 + 0.25 * Math.sin(TWO_PI * 0.15 * time));
    buffer[index] = filter.lowpass(sample / voices, sweep, 0.9) * envelope * velocity * 0.5;
  }
  return buffer;
}

/** Bright detuned chord stab with a snappy filter envelope (trance and house). */
export function supersawStab({ frequency, seconds, velocity, random, cutoff = 5000 }) {
  const buffer = allocate(seconds, 0.3);
  const oscillators = detunedSaws(frequency, 7, 25, random);
  const filter = createStateVariableFilter();
  for (let index = 0; index < buffer.length; index += 1) {
    const time = index / SAMPLE_RATE;
    const sample = sawSum(oscillators);
    const envelope = adsr(time, seconds, {
      attack: 0.004,
      decay: 0.25,
      sustain: 0.5,
      release: 0.2,
    });
    const filterCutoff = 400 + cutoff * Math.exp(-time * 9);
    buffer[index] = filter.lowpass(sample / 7, filterCutoff, 1.2) * envelope * velocity * 0.6;
  }
  return buffer;
}

/** Saw plus sub-octave square through a resonant low-pass with its own envelope. */
export function synthBass({ frequency, seconds, velocity, random, cutoff = 900, resonance = 2.5 }) {
  const buffer = allocate(seconds, 0.08);
  const filter = createStateVariableFilter();
  const increment = frequency / SAMPLE_RATE;
  let phase = random.next();
  let subPhase = random.next();
  for (let index = 0; index < buffer.length; index += 1) {
    const time = index / SAMPLE_RATE;
    const raw = 0.6 * saw(phase, increment) + 0.5 * pulse(subPhase, increment / 2);
    phase = (phase + increment) % 1;
    subPhase = (subPhase + increment / 2) % 1;
    const envelope = adsr(time, seconds, {
      attack: 0.003,
      decay: 0.2,
      sustain: 0.75,
      release: 0.06,
    });
    const filterCutoff = 120 + cutoff * velocity * Math.exp(-time * 12) + cutoff * 0.2;
    buffer[index] = Math.tanh(filter.lowpass(raw, filterCutoff, resonance) * 1.5) * envelope * 0.55;
  }
  return buffer;
}

/** Hip-hop 808: a sine that drops into pitch, saturated so it is heard on small speakers. */
export function subBass({ frequency, seconds, velocity, random }) {
  const buffer = allocate(seconds, 0.15);
  let phase = random.next();
  for (let index = 0; index < buffer.length; index += 1) {
    const time = index / SAMPLE_RATE;
    const glide = 1 + 0.6 * Math.exp(-time * 40);
    phase = (phase + (frequency * glide) / SAMPLE_RATE) % 1;
    const envelope = adsr(time, seconds, {
      attack: 0.002,
      decay: 0.6,
      sustain: 0.7,
      release: 0.12,
    });
    buffer[index] = Math.tanh(Math.sin(TWO_PI * phase) * 1.8) * envelope * velocity * 0.55;
  }
  return buffer;
}

/** Plucked double bass: round fundamental, a touch of second harmonic and a finger thump. */
export function uprightBass({ frequency, seconds, velocity, random }) {
  const buffer = allocate(seconds, 0.12);
  const filter = createStateVariableFilter();
  const noise = createNoise(random);
  let phase = random.next();
  for (let index = 0; index < buffer.length; index += 1) {
    const time = index / SAMPLE_RATE;
    phase = (phase + frequency / SAMPLE_RATE) % 1;
    const tone =
      Math.sin(TWO_PI * phase) + 0.35 * Math.sin(2 * TWO_PI * phase) + 0.1 * triangle(phase);
    const envelope = Math.exp(-time * 2.2) * Math.min(1, time * 300);
    const release = time > seconds ? Math.exp(-(time - seconds) * 40) : 1;
    const thump = filter.lowpass(noise(), 400, 1) * Math.exp(-time * 60) * 0.5;
    buffer[index] = (tone * envelope + thump) * release * velocity * 0.55;
  }
  return buffer;
}

/**
 * Overdriven electric guitar playing a power chord (root, fifth, octave); the chord is distorted
 * as a whole because the intermodulation between the strings is what makes it sound heavy.
 */
export function powerChord({ frequency, seconds, velocity, random, palmMuted = false, drive = 9 }) {
  const buffer = allocate(seconds, palmMuted ? 0.05 : 0.25);
  const ratios = [1, 1.5, 2];
  const oscillators = ratios.flatMap((ratio) => detunedSaws(frequency * ratio, 2, 8, random));
  const tone = createStateVariableFilter();
  const cabinet = createStateVariableFilter();
  const lowCut = createStateVariableFilter();
  for (let index = 0; index < buffer.length; index += 1) {
    const time = index / SAMPLE_RATE;
    const sample = sawSum(oscillators);
    const envelope = palmMuted
      ? Math.exp(-time * 14) * (time > seconds ? Math.exp(-(time - seconds) * 60) : 1)
      : adsr(time, seconds, { attack: 0.004, decay: 0.5, sustain: 0.8, release: 0.15 });
    const driven = Math.tanh(tone.lowpass(sample, 3500, 0.7) * drive * envelope);
    const shaped = cabinet.lowpass(driven, palmMuted ? 1600 : 3200, 1.1);
    buffer[index] = lowCut.highpass(shaped, 90) * velocity * 0.22;
  }
  return buffer;
}

/** Singing synth lead: saw and square blend with delayed vibrato and gentle portamento-free attack. */
export function synthLead({
  frequency,
  seconds,
  velocity,
  random,
  cutoff = 3200,
  pulseWidth = 0.35,
}) {
  const buffer = allocate(seconds, 0.2);
  const filter = createStateVariableFilter();
  const increment = frequency / SAMPLE_RATE;
  let phase = random.next();
  let phase2 = random.next();
  for (let index = 0; index < buffer.length; index += 1) {
    const time = index / SAMPLE_RATE;
    const vibrato =
      1 + 0.006 * Math.min(1, Math.max(0, time - 0.15) / 0.3) * Math.sin(TWO_PI * 5.5 * time);
    const raw = 0.5 * saw(phase, increment) + 0.5 * pulse(phase2, increment * 1.003, pulseWidth);
    phase = (phase + increment * vibrato) % 1;
    phase2 = (phase2 + increment * 1.003 * vibrato) % 1;
    const envelope = adsr(time, seconds, { attack: 0.01, decay: 0.2, sustain: 0.7, release: 0.15 });
    const filterCutoff = cutoff * (0.5 + 0.5 * envelope);
    buffer[index] = filter.lowpass(raw, filterCutoff, 1) * envelope * velocity * 0.3;
  }
  return buffer;
}

/** Breathy flute: a near-sine tone with filtered breath noise and vibrato. */
export function flute({ frequency, seconds, velocity, random }) {
  const buffer = allocate(seconds, 0.15);
  const breathFilter = createStateVariableFilter();
  const noise = createNoise(random);
  let phase = random.next();
  for (let index = 0; index < buffer.length; index += 1) {
    const time = index / SAMPLE_RATE;
    const vibrato = 1 + 0.005 * Math.min(1, time / 0.4) * Math.sin(TWO_PI * 5 * time);
    phase = (phase + (frequency * vibrato) / SAMPLE_RATE) % 1;
    const tone =
      Math.sin(TWO_PI * phase) + 0.2 * Math.sin(2 * TWO_PI * phase) + 0.08 * triangle(phase);
    const breath = breathFilter.bandpass(noise(), frequency * 2, 2) * 0.25;
    const envelope = adsr(time, seconds, { attack: 0.06, decay: 0.2, sustain: 0.8, release: 0.12 });
    buffer[index] = (tone + breath) * envelope * velocity * 0.32;
  }
  return buffer;
}
