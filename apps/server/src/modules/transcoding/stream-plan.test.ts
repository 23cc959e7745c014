import { describe, expect, it } from 'vitest';
import { planStream, StreamRequestError, type PlanLimits, type SourceAudio } from './stream-plan';

const all: PlanLimits = { formats: ['mp3', 'opus', 'aac'], defaultFormat: 'mp3' };
const flac: SourceAudio = { suffix: 'flac', kbps: 900 };
const mp3: SourceAudio = { suffix: 'mp3', kbps: 128 };

describe('planning a stream', () => {
  it('sends the file as it is when nothing asked needs a change', () => {
    expect(planStream({}, flac, all)).toEqual({ kind: 'original' });
    expect(planStream({ maxKbps: 0 }, flac, all)).toEqual({ kind: 'original' });
    expect(planStream({ maxKbps: 128 }, mp3, all)).toEqual({ kind: 'original' });
    expect(planStream({ format: 'mp3', maxKbps: 320 }, mp3, all)).toEqual({ kind: 'original' });
    expect(planStream({ format: 'FLAC' }, flac, all)).toEqual({ kind: 'original' });
    expect(planStream({ format: 'raw', maxKbps: 64, offsetSeconds: 10 }, flac, all)).toEqual({
      kind: 'original',
    });
  });

  it('transcodes a file above the limit, into another format, or from a later start', () => {
    expect(planStream({ maxKbps: 128 }, flac, all)).toEqual({
      kind: 'transcode',
      format: 'mp3',
      kbps: 128,
      offsetSeconds: 0,
    });
    expect(planStream({ format: 'opus' }, mp3, all)).toMatchObject({ format: 'opus', kbps: 160 });
    expect(planStream({ format: 'ogg' }, mp3, all)).toMatchObject({ format: 'opus' });
    expect(planStream({ offsetSeconds: 12.5 }, mp3, all)).toMatchObject({
      format: 'mp3',
      kbps: 192,
      offsetSeconds: 12.5,
    });
    // A rate outside a format's range is brought into it.
    expect(planStream({ format: 'mp3', maxKbps: 8 }, flac, all)).toMatchObject({ kbps: 32 });
    expect(planStream({ format: 'opus', maxKbps: 900 }, flac, all)).toMatchObject({ kbps: 256 });
    // A file of unknown rate is never assumed to be under a limit.
    expect(planStream({ maxKbps: 320 }, { suffix: 'mp3', kbps: null }, all)).toMatchObject({
      kind: 'transcode',
    });
  });

  it("holds to the listener's limit, raw included, and sends files within it as they are", () => {
    expect(planStream({ limitKbps: 160 }, flac, all)).toEqual({
      kind: 'transcode',
      format: 'mp3',
      kbps: 160,
      offsetSeconds: 0,
    });
    expect(planStream({ format: 'raw', limitKbps: 160 }, flac, all)).toMatchObject({ kbps: 160 });
    // The lower of what is asked and what is allowed.
    expect(planStream({ maxKbps: 96, limitKbps: 160 }, flac, all)).toMatchObject({ kbps: 96 });
    expect(planStream({ maxKbps: 320, limitKbps: 160 }, flac, all)).toMatchObject({ kbps: 160 });
    expect(planStream({ limitKbps: 160 }, mp3, all)).toEqual({ kind: 'original' });
    expect(planStream({ format: 'raw', limitKbps: 128 }, mp3, all)).toEqual({ kind: 'original' });
    expect(planStream({ format: 'opus', limitKbps: 96 }, flac, all)).toMatchObject({
      format: 'opus',
      kbps: 96,
    });
  });

  it('sends the file as it is without ffmpeg, whatever is asked', () => {
    const none: PlanLimits = { formats: [], defaultFormat: 'mp3' };
    expect(planStream({ format: 'opus', maxKbps: 64, offsetSeconds: 5 }, flac, none)).toEqual({
      kind: 'original',
    });
  });

  it('refuses unknown formats, absurd rates and negative offsets by naming what is allowed', () => {
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(StreamRequestError);
        return (error as Error).message;
      }
      throw new Error('not refused');
    };
    expect(refusal(() => planStream({ format: 'wav' }, flac, all))).toBe(
      'format must be one of raw, mp3, opus, aac.',
    );
    expect(
      refusal(() =>
        planStream({ format: 'aac' }, flac, { formats: ['mp3'], defaultFormat: 'mp3' }),
      ),
    ).toBe('format must be one of raw, mp3.');
    for (const maxKbps of [-1, 12_289, 1.5, Number.NaN]) {
      expect(refusal(() => planStream({ maxKbps }, flac, all))).toBe(
        'maxBitRate must be 0 (no limit) or a whole number of kbps up to 12288.',
      );
    }
    expect(refusal(() => planStream({ offsetSeconds: -2 }, flac, all))).toBe(
      'timeOffset must be a number of seconds from 0.',
    );
  });
});
