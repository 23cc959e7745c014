import { describe, expect, it } from 'vitest';
import { decibelsToGain, replayGainFor, type GainSettings } from './replay-gain';

const tagged = {
  replayGain: { trackGain: -8, trackPeak: 0.9, albumGain: -6, albumPeak: 0.95 },
};
const untagged = {
  replayGain: { trackGain: null, trackPeak: null, albumGain: null, albumPeak: null },
};
const settings = (changes: Partial<GainSettings> = {}): GainSettings => ({
  replayGainMode: 'track',
  replayGainPreamp: 0,
  replayGainFallback: -6,
  preventClipping: true,
  ...changes,
});

describe('replayGainFor', () => {
  it('is unity when ReplayGain is off, tags or not', () => {
    expect(replayGainFor(tagged, settings({ replayGainMode: 'off' }), true)).toBe(1);
    expect(replayGainFor(untagged, settings({ replayGainMode: 'off' }), false)).toBe(1);
  });

  it('takes the track or the album gain as the mode says', () => {
    expect(replayGainFor(tagged, settings(), true)).toBeCloseTo(decibelsToGain(-8));
    expect(replayGainFor(tagged, settings({ replayGainMode: 'album' }), false)).toBeCloseTo(
      decibelsToGain(-6),
    );
  });

  it('takes the album gain in auto only while the album plays in order', () => {
    const auto = settings({ replayGainMode: 'auto' });
    expect(replayGainFor(tagged, auto, true)).toBeCloseTo(decibelsToGain(-6));
    expect(replayGainFor(tagged, auto, false)).toBeCloseTo(decibelsToGain(-8));
  });

  it('adds the pre-amp', () => {
    expect(replayGainFor(tagged, settings({ replayGainPreamp: 3 }), false)).toBeCloseTo(
      decibelsToGain(-5),
    );
  });

  it('plays untagged songs at the fallback level plus the pre-amp', () => {
    expect(replayGainFor(untagged, settings({ replayGainPreamp: 2 }), false)).toBeCloseTo(
      decibelsToGain(-4),
    );
  });

  it('falls back to the other gain when the chosen one is missing', () => {
    const albumOnly = {
      replayGain: { trackGain: null, trackPeak: null, albumGain: -3, albumPeak: 0.5 },
    };
    expect(replayGainFor(albumOnly, settings(), false)).toBeCloseTo(decibelsToGain(-3));
  });

  it('keeps the peak at full scale when the gain would clip it, unless told not to', () => {
    const loudPeak = {
      replayGain: { trackGain: 6, trackPeak: 0.8, albumGain: null, albumPeak: null },
    };
    expect(replayGainFor(loudPeak, settings(), false)).toBeCloseTo(1 / 0.8);
    expect(replayGainFor(loudPeak, settings({ preventClipping: false }), false)).toBeCloseTo(
      decibelsToGain(6),
    );
  });
});
