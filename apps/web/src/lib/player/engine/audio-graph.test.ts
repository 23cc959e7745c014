import { afterEach, describe, expect, it, vi } from 'vitest';
import { audioGraph } from './audio-graph';

/** Just enough of the browser's AudioContext to build the graph, noting what it was asked for. */
class RecordingContext {
  static options: AudioContextOptions[] = [];
  readonly destination = {};
  constructor(options: AudioContextOptions) {
    RecordingContext.options.push(options);
  }
  private node() {
    return {
      frequency: { value: 0 },
      Q: { value: 0 },
      gain: { value: 0 },
      type: '',
      connect: (next: unknown) => next,
    };
  }
  createBiquadFilter() {
    return this.node();
  }
  createGain() {
    return this.node();
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('the audio graph', () => {
  it('asks for balanced latency, so that Next sounds as soon as an element would', () => {
    vi.stubGlobal('AudioContext', RecordingContext);
    expect(audioGraph()).not.toBeNull();
    expect(RecordingContext.options).toEqual([{ latencyHint: 'balanced' }]);
  });
});
