// Turns a genre, a seed and a key into finished stereo PCM: arrangement, mix, effects, mastering.
import { SAMPLE_RATE, createStateVariableFilter } from './dsp.mjs';
import { createDrumKit } from './drum-kit.mjs';
import { pingPongDelay, reverb, sidechainCurve } from './effects.mjs';
import { GENRES } from './genres/registry.mjs';
import { SCALES } from './music-theory.mjs';
import { createRandom } from './prng.mjs';
import { createSongContext } from './song-context.mjs';
import { StereoBus } from './stereo-bus.mjs';

const TAIL_SECONDS = 2;
const FADE_IN_SECONDS = 1.2;
const FADE_OUT_SECONDS = 4;
const TARGET_RMS = 0.16;

/**
 * RMS over the stretches where a part actually plays, so a lead that enters late is balanced by
 * how loud it is when heard rather than by how long it is silent.
 */
function activeRms(bus) {
  const block = Math.round(SAMPLE_RATE * 0.05);
  let energy = 0;
  let counted = 0;
  for (let start = 0; start + block <= bus.left.length; start += block) {
    let blockEnergy = 0;
    for (let index = start; index < start + block; index += 1) {
      blockEnergy += bus.left[index] ** 2 + bus.right[index] ** 2;
    }
    if (blockEnergy / (2 * block) > 1e-6) {
      energy += blockEnergy;
      counted += 2 * block;
    }
  }
  return counted === 0 ? 0 : Math.sqrt(energy / counted);
}

/** Each bus is brought to its `level` (dBFS of active RMS) before the sends and the sum. */
function mixBuses(buses, mix, context, length) {
  const dry = new StereoBus(length);
  const reverbSend = new StereoBus(length);
  const delaySend = new StereoBus(length);
  for (const [name, settings] of Object.entries(mix)) {
    const bus = buses[name];
    if (settings.sidechain)
      bus.applyGainCurve(sidechainCurve(length, context.beatSeconds, settings.sidechain));
    const gain = 10 ** (settings.level / 20) / Math.max(activeRms(bus), 1e-9);
    for (let index = 0; index < length; index += 1) {
      const left = bus.left[index] * gain;
      const right = bus.right[index] * gain;
      dry.left[index] += left;
      dry.right[index] += right;
      if (settings.reverb) {
        reverbSend.left[index] += left * settings.reverb;
        reverbSend.right[index] += right * settings.reverb;
      }
      if (settings.delay) {
        delaySend.left[index] += left * settings.delay;
        delaySend.right[index] += right * settings.delay;
      }
    }
  }
  const [reverbLeft, reverbRight] = reverb(reverbSend.left, reverbSend.right, { size: 0.85 });
  const [delayLeft, delayRight] = pingPongDelay(delaySend.left, delaySend.right, {
    seconds: context.beatSeconds * 0.75,
    feedback: 0.38,
  });
  for (let index = 0; index < length; index += 1) {
    dry.left[index] += reverbLeft[index] + delayLeft[index];
    dry.right[index] += reverbRight[index] + delayRight[index];
  }
  return dry;
}

/** Loudness-matches every song, rounds off peaks softly and fades both ends. */
function master(bus) {
  const { left, right } = bus;
  const length = left.length;
  const lowCutLeft = createStateVariableFilter();
  const lowCutRight = createStateVariableFilter();
  let energy = 0;
  for (let index = 0; index < length; index += 1) {
    left[index] = lowCutLeft.highpass(left[index], 30);
    right[index] = lowCutRight.highpass(right[index], 30);
    energy += left[index] ** 2 + right[index] ** 2;
  }
  const gain = TARGET_RMS / Math.sqrt(energy / (2 * length));
  const knee = 0.6;
  const limit = (value) => {
    const magnitude = Math.abs(value);
    if (magnitude <= knee) return value;
    return Math.sign(value) * (knee + (1 - knee) * Math.tanh((magnitude - knee) / (1 - knee)));
  };
  const fadeInSamples = FADE_IN_SECONDS * SAMPLE_RATE;
  const fadeOutSamples = FADE_OUT_SECONDS * SAMPLE_RATE;
  for (let index = 0; index < length; index += 1) {
    const fadeIn = Math.min(1, index / fadeInSamples);
    const fadeOut = Math.min(1, (length - 1 - index) / fadeOutSamples);
    const fade = fadeIn * fadeIn * fadeOut * fadeOut;
    left[index] = limit(left[index] * gain) * fade * 0.97;
    right[index] = limit(right[index] * gain) * fade * 0.97;
  }
  return bus;
}

/** Bar count that puts the song near `targetSeconds` once the ending bar and tail are added. */
function barsFor(targetSeconds, barSeconds) {
  return Math.max(6, Math.floor((targetSeconds - TAIL_SECONDS) / barSeconds));
}

export function renderSong({ genre, seed, variant, tonic, targetSeconds }) {
  const style = GENRES[genre];
  const random = createRandom(seed);
  const plan = style.plan(random.fork('plan'), variant);
  const beatSeconds = 60 / plan.bpm;
  const totalBars = barsFor(targetSeconds, beatSeconds * 4);
  const length = Math.round((totalBars * beatSeconds * 4 + TAIL_SECONDS) * SAMPLE_RATE);
  const buses = Object.fromEntries(
    Object.keys(style.mix).map((name) => [name, new StereoBus(length)]),
  );
  const context = createSongContext({
    random: random.fork('performance'),
    bpm: plan.bpm,
    tonic,
    scale: SCALES[plan.scale],
    progression: plan.progression,
    chordBeats: plan.chordBeats,
    swing: plan.swing,
    totalBars,
    buses,
  });
  const kit = style.kit ? createDrumKit(style.kit, random.fork('kit')) : {};
  style.arrange(context, { random: random.fork('arrangement'), variant, kit });
  const mixed = master(mixBuses(buses, style.mix, context, length));
  return { left: mixed.left, right: mixed.right, plan };
}
