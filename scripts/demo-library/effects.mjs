import { SAMPLE_RATE, createStateVariableFilter } from './dsp.mjs';

const COMB_TUNINGS = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617];
const ALLPASS_TUNINGS = [556, 441, 341, 225];
const STEREO_SPREAD = 23;

function combFilter(length, feedback, damping) {
  const line = new Float32Array(length);
  let position = 0;
  let stored = 0;
  return (input) => {
    const output = line[position];
    stored = output * (1 - damping) + stored * damping;
    line[position] = input + stored * feedback;
    position = (position + 1) % length;
    return output;
  };
}

function allpassFilter(length) {
  const line = new Float32Array(length);
  let position = 0;
  return (input) => {
    const delayed = line[position];
    line[position] = input + delayed * 0.5;
    position = (position + 1) % length;
    return delayed - input;
  };
}

function reverbChannel(spread, size, damping) {
  const scale = SAMPLE_RATE / 44100;
  const combs = COMB_TUNINGS.map((tuning) =>
    combFilter(Math.round((tuning + spread) * scale), size, damping),
  );
  const allpasses = ALLPASS_TUNINGS.map((tuning) =>
    allpassFilter(Math.round((tuning + spread) * scale)),
  );
  return (input) => {
    let sum = 0;
    for (const comb of combs) sum += comb(input);
    for (const allpass of allpasses) sum = allpass(sum);
    return sum;
  };
}

/** Freeverb-style room (parallel combs into series all-passes); returns only the wet signal. */
export function reverb(left, right, { size = 0.84, damping = 0.3, gain = 0.015 } = {}) {
  const processLeft = reverbChannel(0, size, damping);
  const processRight = reverbChannel(STEREO_SPREAD, size, damping);
  const wetLeft = new Float32Array(left.length);
  const wetRight = new Float32Array(right.length);
  for (let index = 0; index < left.length; index += 1) {
    const input = (left[index] + right[index]) * gain;
    wetLeft[index] = processLeft(input);
    wetRight[index] = processRight(input);
  }
  return [wetLeft, wetRight];
}

/** Ping-pong echo whose repeats get darker; returns only the wet signal. */
export function pingPongDelay(left, right, { seconds, feedback = 0.4, cutoff = 3000 }) {
  const length = Math.round(seconds * SAMPLE_RATE);
  const lineLeft = new Float32Array(length);
  const lineRight = new Float32Array(length);
  const toneLeft = createStateVariableFilter();
  const toneRight = createStateVariableFilter();
  const wetLeft = new Float32Array(left.length);
  const wetRight = new Float32Array(right.length);
  let position = 0;
  for (let index = 0; index < left.length; index += 1) {
    const delayedLeft = lineLeft[position];
    const delayedRight = lineRight[position];
    lineLeft[position] = toneLeft.lowpass(
      (left[index] + right[index]) * 0.5 + delayedRight * feedback,
      cutoff,
    );
    lineRight[position] = toneRight.lowpass(delayedLeft * feedback, cutoff);
    position = (position + 1) % length;
    wetLeft[index] = delayedLeft;
    wetRight[index] = delayedRight;
  }
  return [wetLeft, wetRight];
}

/**
 * Gain curve that ducks on every beat and recovers before the next, the "pumping" of dance music
 * that makes room for the kick.
 */
export function sidechainCurve(length, beatSeconds, depth = 0.65) {
  const curve = new Float32Array(length);
  const beatSamples = beatSeconds * SAMPLE_RATE;
  for (let index = 0; index < length; index += 1) {
    const progress = (index % beatSamples) / beatSamples;
    curve[index] = 1 - depth * Math.exp(-progress * 7);
  }
  return curve;
}

export function highpassInPlace(samples, cutoff) {
  const filter = createStateVariableFilter();
  for (let index = 0; index < samples.length; index += 1)
    samples[index] = filter.highpass(samples[index], cutoff);
}

export function lowpassInPlace(samples, cutoff) {
  const filter = createStateVariableFilter();
  for (let index = 0; index < samples.length; index += 1)
    samples[index] = filter.lowpass(samples[index], cutoff);
}
