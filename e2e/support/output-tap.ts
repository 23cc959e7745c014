import type { BrowserContext, Page } from 'playwright-core';

/** The recording AudioWorklet: it keeps what reaches it until asked for it. */
const WORKLET = `
  class Tap extends AudioWorkletProcessor {
    constructor() {
      super();
      this.chunks = [];
      this.port.onmessage = () => {
        this.port.postMessage(this.chunks);
        this.chunks = [];
      };
    }
    process(inputs) {
      const channel = inputs[0] && inputs[0][0];
      this.chunks.push({ time: currentTime, data: channel ? channel.slice() : new Float32Array(128) });
      return true;
    }
  }
  registerProcessor('output-tap', Tap);`;

/** Where the worklet's module is served as if from the site itself (under the site's policy). */
const MODULE_PATH = '/__output-tap.js';

/**
 * The tap, installed in the page before its own code runs: the worklet's module is loaded from
 * `moduleUrl`, or from a blob when null.
 */
function tapPage({ worklet, moduleUrl }: { worklet: string; moduleUrl: string | null }): void {
  /** Render quanta as the graph sent them out, each with its start on the graph's clock. */
  const recorded: { time: number; data: Float32Array }[] = [];
  const taps = new WeakMap<BaseAudioContext, GainNode>();
  const nodes: AudioWorkletNode[] = [];
  const connect = Reflect.get(AudioNode.prototype, 'connect') as (
    this: AudioNode,
    destination: AudioNode,
    ...rest: number[]
  ) => AudioNode;
  const tapOf = (context: BaseAudioContext): GainNode => {
    let tap = taps.get(context);
    if (tap) return tap;
    tap = context.createGain();
    connect.call(tap, context.destination);
    taps.set(context, tap);
    const url = moduleUrl ?? URL.createObjectURL(new Blob([worklet], { type: 'text/javascript' }));
    const input = tap;
    void context.audioWorklet.addModule(url).then(() => {
      const node = new AudioWorkletNode(context, 'output-tap', { numberOfOutputs: 0 });
      node.port.onmessage = (event: MessageEvent<{ time: number; data: Float32Array }[]>) =>
        recorded.push(...event.data);
      connect.call(input, node);
      nodes.push(node);
    });
    return tap;
  };
  AudioNode.prototype.connect = function (
    this: AudioNode,
    destination: AudioNode,
    ...rest: number[]
  ) {
    if (destination instanceof AudioDestinationNode) {
      return connect.call(this, tapOf(destination.context), ...rest);
    }
    return connect.call(this, destination, ...rest);
  } as typeof AudioNode.prototype.connect;
  const collect = async (): Promise<void> => {
    await Promise.all(
      nodes.map(
        (node) =>
          new Promise<void>((resolve) => {
            node.port.addEventListener('message', () => resolve(), { once: true });
            node.port.postMessage('collect');
          }),
      ),
    );
  };
  Object.assign(window, {
    outputTap: {
      /** Seconds recorded and the seconds of them that were not silent. */
      async levels(threshold: number) {
        await collect();
        let loud = 0;
        let lastLoud = -1;
        let index = 0;
        for (const chunk of recorded) {
          for (const sample of chunk.data) {
            if (Math.abs(sample) > threshold) {
              loud += 1;
              lastLoud = index;
            }
            index += 1;
          }
        }
        return { rate: nodes[0]?.context.sampleRate ?? 0, samples: index, loud, lastLoud };
      },
      /** Every sample recorded, as the base64 of their float32 bytes (a quick transfer). */
      async samples(): Promise<string> {
        await collect();
        const all = new Float32Array(recorded.reduce((sum, chunk) => sum + chunk.data.length, 0));
        let offset = 0;
        for (const chunk of recorded) {
          all.set(chunk.data, offset);
          offset += chunk.data.length;
        }
        const bytes = new Uint8Array(all.buffer);
        let binary = '';
        for (let start = 0; start < bytes.length; start += 0x8000) {
          binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
        }
        return btoa(binary);
      },
      /** The graph's clock now. */
      graphTime(): number {
        return nodes[0]?.context.currentTime ?? 0;
      },
      /** When (on the graph's clock) the first sample louder than `threshold` went out. */
      async firstLoudTime(threshold: number): Promise<number> {
        await collect();
        const rate = nodes[0]?.context.sampleRate ?? 1;
        for (const chunk of recorded) {
          const index = chunk.data.findIndex((sample) => Math.abs(sample) > threshold);
          if (index >= 0) return chunk.time + index / rate;
        }
        return NaN;
      },
      /**
       * The page's clock (performance.now) when a moment of the graph's clock reaches the
       * output, its latency included; NaN before the graph runs.
       */
      pageTimeAtOutput(graphTime: number): number {
        const context = nodes[0]?.context;
        if (!(context instanceof AudioContext)) return NaN;
        const stamp = context.getOutputTimestamp();
        if (stamp.performanceTime === undefined || stamp.contextTime === undefined) return NaN;
        return stamp.performanceTime + (graphTime - stamp.contextTime) * 1000;
      },
      /** The graph's own latency and its output's, in milliseconds. */
      latencyMs(): number {
        const context = nodes[0]?.context;
        if (!(context instanceof AudioContext)) return NaN;
        return (context.baseLatency + context.outputLatency) * 1000;
      },
      /** Forgets what was recorded, including what the worklet holds and has not sent yet. */
      async clear() {
        await collect();
        recorded.length = 0;
      },
    },
  });
}

/**
 * Records what the page's Web Audio graphs send to the speakers: every connection to a context's
 * destination goes through a gain node that also feeds a recording AudioWorklet. The page's own
 * code is untouched; the tap is installed before it runs. The context needs `bypassCSP` (the
 * worklet's module is a blob).
 */
export async function installOutputTap(context: BrowserContext): Promise<void> {
  await context.addInitScript(tapPage, { worklet: WORKLET, moduleUrl: null });
}

/**
 * The same tap for one page that keeps the site's Content-Security-Policy (so that a journey sees
 * what the policy blocks): the worklet's module is answered as the site's own script, by the
 * browser's request interception (Playwright's routes do not see a worklet's requests).
 */
export async function installOutputTapUnderPolicy(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Fetch.requestPaused', ({ requestId }) => {
    void cdp.send('Fetch.fulfillRequest', {
      requestId,
      responseCode: 200,
      responseHeaders: [{ name: 'content-type', value: 'text/javascript' }],
      body: Buffer.from(WORKLET).toString('base64'),
    });
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: `*${MODULE_PATH}` }] });
  await page.addInitScript(tapPage, { worklet: WORKLET, moduleUrl: MODULE_PATH });
}

interface TapLevels {
  rate: number;
  samples: number;
  loud: number;
  lastLoud: number;
}

export function tapLevels(page: Page, threshold: number): Promise<TapLevels> {
  return page.evaluate(
    (limit) =>
      (
        window as unknown as { outputTap: { levels(t: number): Promise<TapLevels> } }
      ).outputTap.levels(limit),
    threshold,
  );
}

export async function tapSamples(page: Page): Promise<{ rate: number; samples: Float32Array }> {
  const { rate } = await tapLevels(page, 1);
  const encoded = await page.evaluate(() =>
    (window as unknown as { outputTap: { samples(): Promise<string> } }).outputTap.samples(),
  );
  const bytes = Buffer.from(encoded, 'base64');
  const samples = new Float32Array(bytes.byteLength / 4);
  new Uint8Array(samples.buffer).set(bytes);
  return { rate, samples };
}

export function clearTap(page: Page): Promise<void> {
  return page.evaluate(() =>
    (window as unknown as { outputTap: { clear(): Promise<void> } }).outputTap.clear(),
  );
}

/**
 * For the journeys that judge joins by what the graph sent out: one more hearing. The output is
 * recorded in real time on a machine running other journeys beside it, where a stall of the page
 * can make a follower's bytes arrive after its start was due; a gap the engine itself makes comes
 * back on the second hearing and still fails.
 */
export const HEARD_TWICE = { retry: 1 } as const;

/** What a recording of a steady tone says about its breaks. */
export interface ToneBreaks {
  /** Seconds from the first to the last sounding sample. */
  soundingSeconds: number;
  /** The longest run of silence between them, in milliseconds. */
  longestSilenceMs: number;
  /** Where that run began, in seconds after the first sounding sample (which join it was). */
  longestSilenceAtSeconds: number;
  /** The largest step between two neighbouring samples (a click), as a share of the peak. */
  largestStep: number;
}

/** The first moments of sound, when the decoded audio takes over from the element (its fade-in). */
const ONSET_SECONDS = 0.1;

/**
 * Finds silences and clicks in a recorded tone. A sine's samples sit near zero only for a sample
 * or two around each crossing, so longer runs under `quiet` of the peak are silence; a sine's
 * steepest step is 2π·f/rate of its peak, so anything much steeper is a discontinuity. Steps are
 * looked for after the onset: what is measured is how the sound goes on, across its joins, not
 * how the element handed it over (on a loaded machine the graph may take the first source late).
 */
export function toneBreaks(samples: Float32Array, rate: number, quiet = 0.05): ToneBreaks {
  let peak = 0;
  for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
  const floor = peak * quiet;
  let first = -1;
  let last = -1;
  samples.forEach((sample, index) => {
    if (Math.abs(sample) > floor) {
      if (first < 0) first = index;
      last = index;
    }
  });
  let longest = 0;
  let longestAt = 0;
  let run = 0;
  let largestStep = 0;
  for (let index = Math.max(first, 1); index <= last; index += 1) {
    const sample = samples[index]!;
    run = Math.abs(sample) <= floor ? run + 1 : 0;
    if (run > longest) {
      longest = run;
      longestAt = index - run + 1 - first;
    }
    if (index - first >= ONSET_SECONDS * rate)
      largestStep = Math.max(largestStep, Math.abs(sample - samples[index - 1]!));
  }
  return {
    soundingSeconds: first < 0 ? 0 : (last - first) / rate,
    longestSilenceMs: (longest / rate) * 1000,
    longestSilenceAtSeconds: longestAt / rate,
    largestStep: peak > 0 ? largestStep / peak : 0,
  };
}

/** The level of one pitch in each window of `windowSeconds` (Goertzel), relative to full scale. */
export function pitchLevels(
  samples: Float32Array,
  rate: number,
  hz: number,
  windowSeconds = 0.01,
): number[] {
  const size = Math.round(rate * windowSeconds);
  const coefficient = 2 * Math.cos((2 * Math.PI * hz) / rate);
  const levels: number[] = [];
  for (let start = 0; start + size <= samples.length; start += size) {
    let previous = 0;
    let older = 0;
    for (let index = start; index < start + size; index += 1) {
      const value = samples[index]! + coefficient * previous - older;
      older = previous;
      previous = value;
    }
    const power = previous * previous + older * older - coefficient * previous * older;
    levels.push((2 * Math.sqrt(Math.max(0, power))) / size);
  }
  return levels;
}

/**
 * Waits until the graph has sounded for more than `soundedSeconds` and then fallen silent: what
 * was played has played through.
 */
export async function waitUntilPlayedThrough(
  page: Page,
  soundedSeconds: number,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const levels = await tapLevels(page, 0.05);
    const sounded = levels.loud / levels.rate;
    const silentSince = (levels.samples - levels.lastLoud) / levels.rate;
    if (sounded > soundedSeconds && silentSince > 0.3) return;
    if (Date.now() > deadline) {
      throw new Error(`Sounded ${sounded.toFixed(2)} s of ${soundedSeconds} s, then no silence.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** What the player's element was doing, for a failure's message. */
function elementState(page: Page): Promise<string> {
  return page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]');
    if (!audio) return 'no audio element';
    const { currentTime, duration, paused, ended, readyState, networkState, volume, error } = audio;
    return JSON.stringify({
      currentTime,
      duration,
      paused,
      ended,
      readyState,
      networkState,
      volume,
      error: error?.code ?? null,
    });
  });
}

/** Waits until the graph sends something other than silence to the speakers. */
export async function waitUntilSounding(page: Page, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const levels = await tapLevels(page, 0.05);
    if (levels.loud > 0) return;
    if (Date.now() > deadline) {
      const recorded = (levels.samples / (levels.rate || 1)).toFixed(1);
      throw new Error(
        `Nothing sounded in ${timeoutMs} ms (${recorded} s recorded; the element: ` +
          `${await elementState(page)}).`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
