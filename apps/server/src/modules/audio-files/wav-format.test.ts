import { describe, expect, it } from 'vitest';
import { audioFixture } from '../../../test/audio-corpus';
import { wavBytes } from '../../../test/audio-fixtures';
import { wavCodec } from './wav-format';

describe("a WAV file's encoding", () => {
  it.each([
    ['pcm24-extensible.wav', 'PCM'],
    ['pcm32-extensible.wav', 'PCM'],
    ['float32-extensible.wav', 'IEEE_FLOAT'],
    ['float32.wav', 'IEEE_FLOAT'],
    ['float64-extensible.wav', 'IEEE_FLOAT (64-bit)'],
    ['bext.wav', 'PCM'],
    ['alaw.wav', 'ALAW'],
    ['mulaw.wav', 'MULAW'],
  ])('of %s is %s', (file, codec) => {
    expect(wavCodec(audioFixture(file))).toBe(codec);
  });

  it('is left to the parser for formats other than PCM, float, A-law and µ-law', () => {
    expect(wavCodec(audioFixture('gsm610.wav'))).toBeNull();
    expect(wavCodec(audioFixture('mpeglayer3.wav'))).toBeNull();
  });

  it('names PCM samples wider than 32 bits by their depth', () => {
    const wav = wavBytes();
    wav.writeUInt16LE(64, 34);
    expect(wavCodec(wav)).toBe('PCM (64-bit)');
  });

  it('is unknown without a fmt chunk', () => {
    expect(wavCodec(wavBytes().subarray(0, 12))).toBeNull();
    expect(wavCodec(audioFixture('tagged.opus'))).toBeNull();
  });
});
