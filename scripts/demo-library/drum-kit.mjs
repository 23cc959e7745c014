// Synthesized drums. A kit renders each sound once per song; hits reuse the buffers.
import {
  SAMPLE_RATE,
  TWO_PI,
  createNoise,
  createStateVariableFilter,
  pulse,
  secondsToSamples,
} from './dsp.mjs';

function render(seconds, sampleAt) {
  const buffer = new Float32Array(secondsToSamples(seconds));
  for (let index = 0; index < buffer.length; index += 1)
    buffer[index] = sampleAt(index / SAMPLE_RATE);
  return buffer;
}

function kick(random, { high = 160, low = 48, decay = 0.35, click = 0.3, drive = 1.5 }) {
  const noise = createNoise(random);
  let phase = 0;
  return render(decay * 2.2, (time) => {
    const pitch = low + (high - low) * Math.exp(-time * 28);
    phase += pitch / SAMPLE_RATE;
    const body = Math.sin(TWO_PI * phase) * Math.exp(-time / decay);
    const attack = noise() * Math.exp(-time * 400) * click;
    return Math.tanh((body + attack) * drive) * 0.9;
  });
}

function snare(random, { tone = 185, decay = 0.16, brightness = 5200, body = 0.5, crunch = 1 }) {
  const noise = createNoise(random);
  const filter = createStateVariableFilter();
  return render(decay * 3, (time) => {
    const shell =
      (Math.sin(TWO_PI * tone * time) + 0.5 * Math.sin(TWO_PI * tone * 1.6 * time)) *
      Math.exp(-time * 30) *
      body;
    const wires = filter.bandpass(noise(), brightness, 0.6) * Math.exp(-time / decay);
    return Math.tanh((shell + wires * 1.4) * crunch) * 0.8;
  });
}

function clap(random) {
  const noise = createNoise(random);
  const filter = createStateVariableFilter();
  return render(0.35, (time) => {
    const bursts = [0, 0.011, 0.022].reduce(
      (sum, start) => sum + (time >= start ? Math.exp(-(time - start) * 180) : 0),
      0,
    );
    const tail = time >= 0.03 ? Math.exp(-(time - 0.03) * 14) * 0.6 : 0;
    return filter.bandpass(noise(), 1200, 1.2) * (bursts + tail) * 1.6;
  });
}

function hiHat(random, { decay = 0.045, cutoff = 8000 }) {
  const noise = createNoise(random);
  const filter = createStateVariableFilter();
  const metal = [205.3, 304.4, 369.6, 522.7, 540, 800].map((frequency) => ({
    frequency,
    phase: 0,
  }));
  return render(decay * 5, (time) => {
    let ring = 0;
    for (const partial of metal) {
      partial.phase = (partial.phase + (partial.frequency * 1.7) / SAMPLE_RATE) % 1;
      ring += pulse(partial.phase, (partial.frequency * 1.7) / SAMPLE_RATE);
    }
    const source = noise() * 0.7 + ring * 0.08;
    return filter.highpass(source, cutoff, 0.9) * Math.exp(-time / decay) * 0.55;
  });
}

function cymbal(random, { decay = 1.2, cutoff = 5000, ping = 0.2 }) {
  const noise = createNoise(random);
  const filter = createStateVariableFilter();
  const bell = [520, 781, 1244, 1510].map((frequency) => ({ frequency, phase: 0 }));
  return render(decay * 2.5, (time) => {
    let ring = 0;
    for (const partial of bell) {
      partial.phase = (partial.phase + partial.frequency / SAMPLE_RATE) % 1;
      ring += Math.sin(TWO_PI * partial.phase);
    }
    const wash = filter.highpass(noise(), cutoff, 0.7) * Math.exp(-time / decay);
    return (wash * 0.45 + ring * ping * 0.1 * Math.exp(-time * 8)) * Math.min(1, time * 2000);
  });
}

function brushSnare(random) {
  const noise = createNoise(random);
  const filter = createStateVariableFilter();
  return render(0.3, (time) => {
    const envelope = Math.min(1, time / 0.012) * Math.exp(-time * 14);
    return filter.bandpass(noise(), 3000, 0.5) * envelope * 0.6;
  });
}

function shaker(random) {
  const noise = createNoise(random);
  const filter = createStateVariableFilter();
  return render(0.12, (time) => {
    const envelope = Math.min(1, time / 0.02) * Math.exp(-time * 35);
    return filter.bandpass(noise(), 6500, 1.2) * envelope * 0.8;
  });
}

function handDrum(random, { pitch = 220, decay = 0.18 }) {
  const noise = createNoise(random);
  return render(decay * 3, (time) => {
    const frequency = pitch * (1 + 0.25 * Math.exp(-time * 50));
    const body = Math.sin(TWO_PI * frequency * time) * Math.exp(-time / decay);
    return (body + noise() * Math.exp(-time * 300) * 0.3) * 0.75;
  });
}

function rimClick(random) {
  const noise = createNoise(random);
  const filter = createStateVariableFilter();
  return render(0.08, (time) => {
    const tone = Math.sin(TWO_PI * 1700 * time) * Math.exp(-time * 90);
    return (tone + filter.bandpass(noise(), 3500, 2) * Math.exp(-time * 120)) * 0.6;
  });
}

const KIT_BUILDERS = {
  acoustic: (random) => ({
    kick: kick(random, { high: 140, low: 55, decay: 0.3, click: 0.5, drive: 1.8 }),
    snare: snare(random, { tone: 190, decay: 0.18, brightness: 4500, body: 0.7 }),
    hat: hiHat(random, { decay: 0.05, cutoff: 7000 }),
    openHat: hiHat(random, { decay: 0.3, cutoff: 6500 }),
    crash: cymbal(random, { decay: 1.3, cutoff: 4000 }),
    tom: handDrum(random, { pitch: 120, decay: 0.25 }),
  }),
  boomBap: (random) => ({
    kick: kick(random, { high: 120, low: 45, decay: 0.45, click: 0.4, drive: 2.6 }),
    snare: snare(random, { tone: 170, decay: 0.2, brightness: 2600, body: 0.9, crunch: 2.2 }),
    hat: hiHat(random, { decay: 0.035, cutoff: 6000 }),
    openHat: hiHat(random, { decay: 0.18, cutoff: 6000 }),
    rim: rimClick(random),
    shaker: shaker(random),
  }),
  electronic: (random) => ({
    kick: kick(random, { high: 190, low: 46, decay: 0.42, click: 0.25, drive: 2.2 }),
    clap: clap(random),
    snare: snare(random, { tone: 210, decay: 0.14, brightness: 6500, body: 0.4 }),
    hat: hiHat(random, { decay: 0.035, cutoff: 9000 }),
    openHat: hiHat(random, { decay: 0.22, cutoff: 8000 }),
    crash: cymbal(random, { decay: 1.6, cutoff: 6000 }),
  }),
  jazz: (random) => ({
    kick: kick(random, { high: 110, low: 60, decay: 0.22, click: 0.1, drive: 1 }),
    snare: brushSnare(random),
    ride: cymbal(random, { decay: 0.9, cutoff: 7000, ping: 0.5 }),
    hat: hiHat(random, { decay: 0.06, cutoff: 6000 }),
    rim: rimClick(random),
  }),
  hand: (random) => ({
    lowDrum: handDrum(random, { pitch: 110, decay: 0.25 }),
    midDrum: handDrum(random, { pitch: 190, decay: 0.16 }),
    highDrum: handDrum(random, { pitch: 300, decay: 0.1 }),
    shaker: shaker(random),
    rim: rimClick(random),
    kick: kick(random, { high: 100, low: 50, decay: 0.35, click: 0.1, drive: 1.2 }),
  }),
};

export function createDrumKit(flavour, random) {
  return KIT_BUILDERS[flavour](random);
}
