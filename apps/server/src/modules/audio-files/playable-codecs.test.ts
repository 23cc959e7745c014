import { describe, expect, it } from 'vitest';
import { libraryMessages } from '@cadenza/contract/library';
import { UnsupportedType } from '../../errors';
import { refuseUnplayable, unplayableEncoding } from './playable-codecs';

/**
 * What music-metadata says of the files in its own test corpus and ours, and what we make of it:
 * what Chromium plays (e2e/chromium-audio-corpus) is taken as it is.
 */
describe('encodings browsers play', () => {
  it.each([
    ['MPEG', 'MPEG 1 Layer 3', 'CBR'],
    ['MPEG', 'MPEG 2.5 Layer 3', undefined],
    ['FLAC', 'FLAC', undefined],
    ['Ogg', 'Vorbis I', undefined],
    ['Ogg', 'Opus', undefined],
    ['Ogg', 'FLAC', undefined],
    ['WAVE', 'PCM', undefined],
    ['WAVE', 'IEEE_FLOAT', undefined],
    ['WAVE', 'ALAW', undefined],
    ['WAVE', 'MULAW', undefined],
    ['WAVE', 'MPEGLAYER3', undefined],
    ['ADTS/MPEG-4', 'AAC', 'AAC LC'],
    ['M4A/mp42/isom', 'MPEG-4/AAC', undefined],
    ['isom/iso2/mp41', 'MPEG-4/AAC', undefined],
    ['isom/iso2/mp41', 'FLAC', undefined],
    ['isom/iso2/mp41', 'Opus', undefined],
    ['EBML/webm', 'OPUS', undefined],
    ['EBML/webm', 'VORBIS', undefined],
    ['EBML/matroska', 'FLAC', undefined],
    ['EBML/matroska', 'MPEG/L3', undefined],
  ])('takes %s %s as it is', (container, codec, codecProfile) => {
    expect(unplayableEncoding({ container, codec, codecProfile })).toBeNull();
  });

  it.each([
    ['MPEG', 'MPEG 1 Layer 1', 'MPEG layer I audio'],
    ['MPEG', 'MPEG 1 Layer 2', 'MPEG layer II audio'],
    ['M4A/mp42/isom', 'ALAC', 'ALAC (Apple Lossless) audio'],
    ['Ogg', 'Speex 1.2.0', 'Speex audio'],
    ['WAVE', 'GSM610', 'GSM 6.10 audio'],
    ['WAVE', 'DVI_ADPCM', 'ADPCM audio'],
    ['WAVE', 'MPEG', 'MPEG layer I or II audio'],
    ['WAVE', 'IEEE_FLOAT (64-bit)', '64-bit floating-point audio'],
    ['WAVE', 'PCM (64-bit)', '64-bit PCM audio'],
    ['AIFF', 'PCM', 'AIFF audio'],
    ['AIFF-C', 'ITU-T G.711 mu-law', 'AIFF audio'],
    ['EBML/matroska', 'ALAC', 'ALAC (Apple Lossless) audio'],
    ['ASF/audio', 'Windows Media Audio 9', 'Windows Media Audio'],
    ["Monkey's Audio", undefined, "Monkey's Audio"],
    ['Musepack, SV7', '1.15', 'Musepack audio'],
    ['WavPack', 'DSD', 'WavPack audio'],
    ['DSF', undefined, 'DSD audio'],
    ['isom/iso2/mp41', undefined, 'This MP4 file'],
    ['mp42/isom', 'MPEG-4/AAC+AC-3+CEA-608', 'This MP4 file'],
    ['ADTS/MPEG-4', 'AAC', 'This kind of AAC audio', 'HE-AAC'],
  ])('refuses %s %s as %s', (container, codec, name, codecProfile?: string) => {
    expect(unplayableEncoding({ container, codec, codecProfile })).toBe(name);
  });

  it('leaves a file the parser could not place to the unreadable check', () => {
    expect(unplayableEncoding({})).toBeNull();
  });
});

describe('refusing a file browsers cannot play', () => {
  function refusal(run: () => void): { message: string; code: string | undefined } | null {
    try {
      run();
      return null;
    } catch (error) {
      if (!(error instanceof UnsupportedType)) throw error;
      return { message: error.message, code: error.code };
    }
  }

  it('says why an imported file in a playable encoding does not play, before anything else', () => {
    const cutShort = { damage: 'cut-short', unplayableEncoding: 'MPEG layer II audio' } as const;
    expect(refusal(() => refuseUnplayable(cutShort, { unreadable: true }))).toEqual({
      message: libraryMessages.cutShortAudio,
      code: 'unreadable_audio',
    });
    expect(
      refusal(() => refuseUnplayable({ damage: 'failed-checksum' }, { unreadable: true })),
    ).toEqual({ message: libraryMessages.damagedAudio, code: 'unreadable_audio' });
  });

  it('leaves damage to imports: the song form takes what the admin typed', () => {
    expect(refusal(() => refuseUnplayable({ damage: 'failed-checksum' }))).toBeNull();
  });

  it('names an encoding browsers do not play', () => {
    expect(refusal(() => refuseUnplayable({ unplayableEncoding: 'AIFF audio' }))).toEqual({
      message: libraryMessages.unsupportedCodec('AIFF audio'),
      code: 'unsupported_codec',
    });
  });

  it('refuses a file it could not read only when asked to', () => {
    expect(refusal(() => refuseUnplayable({ unreadable: true }))).toBeNull();
    expect(refusal(() => refuseUnplayable({ unreadable: true }, { unreadable: true }))).toEqual({
      message: libraryMessages.unreadableAudio,
      code: 'unreadable_audio',
    });
  });
});
