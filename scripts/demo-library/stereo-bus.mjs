import { SAMPLE_RATE } from './dsp.mjs';

/** A stereo mix track that mono sounds are placed on at a time, gain and pan position. */
export class StereoBus {
  constructor(lengthSamples) {
    this.left = new Float32Array(lengthSamples);
    this.right = new Float32Array(lengthSamples);
  }

  /** `pan` runs from -1 (left) to 1 (right) with equal-power gains. */
  add(mono, startSeconds, gain = 1, pan = 0) {
    const angle = ((pan + 1) * Math.PI) / 4;
    const leftGain = Math.cos(angle) * gain * Math.SQRT2;
    const rightGain = Math.sin(angle) * gain * Math.SQRT2;
    const start = Math.round(startSeconds * SAMPLE_RATE);
    const end = Math.min(this.left.length, start + mono.length);
    for (let index = Math.max(0, start); index < end; index += 1) {
      const sample = mono[index - start];
      this.left[index] += sample * leftGain;
      this.right[index] += sample * rightGain;
    }
  }

  applyGainCurve(curve) {
    for (let index = 0; index < this.left.length; index += 1) {
      this.left[index] *= curve[index];
      this.right[index] *= curve[index];
    }
  }
}
