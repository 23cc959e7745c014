export const SAMPLE_RATE = 44100;
export const TWO_PI = Math.PI * 2;

export function secondsToSamples(seconds) {
  return Math.max(1, Math.round(seconds * SAMPLE_RATE));
}

/** Smooths the discontinuity of a naive saw or square wave, which would otherwise alias. */
function polyBlep(phase, increment) {
  if (phase < increment) {
    const t = phase / increment;
    return t + t - t * t - 1;
  }
  if (phase > 1 - increment) {
    const t = (phase - 1) / increment;
    return t * t + t + t + 1;
  }
  return 0;
}

/** Band-limited sawtooth for a phase in [0, 1). */
export function saw(phase, increment) {
  return 2 * phase - 1 - polyBlep(phase, increment);
}

/** Band-limited pulse wave for a phase in [0, 1). */
export function pulse(phase, increment, width = 0.5) {
  let value = phase < width ? 1 : -1;
  value += polyBlep(phase, increment);
  let shifted = phase - width;
  if (shifted < 0) shifted += 1;
  value -= polyBlep(shifted, increment);
  return value;
}

export function triangle(phase) {
  return 1 - 4 * Math.abs(phase - 0.5);
}

/**
 * Topology-preserving state-variable filter: stays stable while its cutoff moves every sample,
 * which the filter envelopes of the synth voices need.
 */
export function createStateVariableFilter() {
  let ic1 = 0;
  let ic2 = 0;
  let lastCutoff = -1;
  let lastQ = -1;
  let a1 = 0;
  let a2 = 0;
  let a3 = 0;
  let k = 0;
  let band = 0;
  let low = 0;
  const step = (input, cutoff, q) => {
    if (cutoff !== lastCutoff || q !== lastQ) {
      const limited = Math.min(Math.max(cutoff, 10), SAMPLE_RATE * 0.45);
      const g = Math.tan((Math.PI * limited) / SAMPLE_RATE);
      k = 1 / q;
      a1 = 1 / (1 + g * (g + k));
      a2 = g * a1;
      a3 = g * a2;
      lastCutoff = cutoff;
      lastQ = q;
    }
    const v3 = input - ic2;
    band = a1 * ic1 + a2 * v3;
    low = ic2 + a2 * ic1 + a3 * v3;
    ic1 = 2 * band - ic1;
    ic2 = 2 * low - ic2;
  };
  return {
    lowpass: (input, cutoff, q = 0.707) => {
      step(input, cutoff, q);
      return low;
    },
    bandpass: (input, cutoff, q = 0.707) => {
      step(input, cutoff, q);
      return band;
    },
    highpass: (input, cutoff, q = 0.707) => {
      step(input, cutoff, q);
      return input - k * band - low;
    },
  };
}

/** Linear attack, exponential-ish decay to sustain, and a release after the note ends. */
export function adsr(
  time,
  noteSeconds,
  { attack = 0.005, decay = 0.1, sustain = 1, release = 0.05 },
) {
  let level;
  if (time < attack) level = time / attack;
  else if (time < attack + decay) {
    const progress = (time - attack) / decay;
    level = 1 - (1 - sustain) * (1 - (1 - progress) ** 2);
  } else level = sustain;
  if (time > noteSeconds) {
    const releaseLevel = adsrHeld(noteSeconds, attack, decay, sustain);
    const progress = (time - noteSeconds) / release;
    return progress >= 1 ? 0 : releaseLevel * (1 - progress) ** 2;
  }
  return level;
}

function adsrHeld(time, attack, decay, sustain) {
  if (time < attack) return time / attack;
  if (time < attack + decay) {
    const progress = (time - attack) / decay;
    return 1 - (1 - sustain) * (1 - (1 - progress) ** 2);
  }
  return sustain;
}

/** White noise from a seeded generator; the drums and breath sounds are built on it. */
export function createNoise(random) {
  return () => random.next() * 2 - 1;
}

export function softClip(value) {
  return Math.tanh(value);
}
