import { EQUALISER_BANDS, type PlaybackSettings } from '../playback-settings';

/** The peaking bands' width: ten octave bands, each about one octave wide. */
const BAND_Q = 1.41;

/**
 * The Web Audio graph every decoded song plays through: each song's own gain nodes feed `input`,
 * then the ten equaliser bands (a low shelf, eight peaking filters, a high shelf), then the master
 * gain (volume and mute), then the speakers.
 */
export interface AudioGraph {
  context: AudioContext;
  input: AudioNode;
  bands: BiquadFilterNode[];
  master: GainNode;
}

let graph: AudioGraph | null = null;

/**
 * 'balanced' rather than 'playback': a skip to a decoded song sounds as soon as the graph's
 * buffers let it, and 'playback' asks for buffers of about 90 ms, which made Next take about twice
 * as long as an <audio> element's start (bench/player.ts). Songs are scheduled ahead of time, so
 * their joins do not depend on the buffer's size.
 */
const GRAPH_LATENCY_HINT: AudioContextLatencyCategory = 'balanced';

function buildGraph(): AudioGraph {
  const context = new AudioContext({ latencyHint: GRAPH_LATENCY_HINT });
  const bands = EQUALISER_BANDS.map((frequency, index) => {
    const band = context.createBiquadFilter();
    band.type =
      index === 0 ? 'lowshelf' : index === EQUALISER_BANDS.length - 1 ? 'highshelf' : 'peaking';
    band.frequency.value = frequency;
    band.Q.value = BAND_Q;
    band.gain.value = 0;
    return band;
  });
  const master = context.createGain();
  bands.forEach((band, index) => band.connect(bands[index + 1] ?? master));
  master.connect(context.destination);
  return { context, input: bands[0]!, bands, master };
}

/** The graph, made on first use; null where the browser has no Web Audio. */
export function audioGraph(): AudioGraph | null {
  if (graph) return graph;
  if (typeof AudioContext === 'undefined') return null;
  try {
    graph = buildGraph();
  } catch (error) {
    console.debug('No Web Audio graph', error);
    return null;
  }
  return graph;
}

/** The graph only if it exists already and its clock runs (the browser allowed sound). */
export function runningGraph(): AudioGraph | null {
  return graph?.context.state === 'running' ? graph : null;
}

/** Makes and wakes the graph; within a click, that is what lets it sound. */
export function wakeAudioGraph(): void {
  const current = audioGraph();
  if (current && current.context.state === 'suspended') {
    current.context.resume().catch((error: unknown) => console.debug('Audio stays asleep', error));
  }
}

export function applyEqualiser(
  settings: Pick<PlaybackSettings, 'equaliserEnabled' | 'equaliserGains'>,
): void {
  if (!graph) return;
  const now = graph.context.currentTime;
  graph.bands.forEach((band, index) => {
    const gain = settings.equaliserEnabled ? (settings.equaliserGains[index] ?? 0) : 0;
    band.gain.setTargetAtTime(gain, now, 0.02);
  });
}

export function applyMasterVolume(volume: number, muted: boolean): void {
  if (!graph) return;
  graph.master.gain.setTargetAtTime(muted ? 0 : volume, graph.context.currentTime, 0.01);
}
