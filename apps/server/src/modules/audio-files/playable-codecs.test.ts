import { describe, expect, it } from 'vitest';
import { unplayableEncoding } from './playable-codecs';

/** What music-metadata says of the files in its own test corpus, and what we make of it. */
describe('encodings browsers play', () => {
  it.each([
    ['MPEG', 'MPEG 1 Layer 3', 'CBR'],
    ['MPEG', 'MPEG 2.5 Layer 3', undefined],
    ['FLAC', 'FLAC', undefined],
    ['Ogg', 'Vorbis I', undefined],
    ['Ogg', 'Opus', undefined],
    ['Ogg', 'FLAC', undefined],
    ['WAVE', 'PCM', undefined],
    ['ADTS/MPEG-4', 'AAC', 'AAC LC'],
    ['M4A/mp42/isom', 'MPEG-4/AAC', undefined],
    ['isom/iso2/mp41', 'MPEG-4/AAC', undefined],
  ])('takes %s %s as it is', (container, codec, codecProfile) => {
    expect(unplayableEncoding({ container, codec, codecProfile })).toBeNull();
  });

  it.each([
    ['MPEG', 'MPEG 1 Layer 1', 'MPEG layer I audio'],
    ['MPEG', 'MPEG 1 Layer 2', 'MPEG layer II audio'],
    ['M4A/mp42/isom', 'ALAC', 'ALAC (Apple Lossless) audio'],
    ['Ogg', 'Speex 1.2.0', 'Speex audio'],
    ['WAVE', 'GSM610', 'GSM 6.10 audio'],
    ['WAVE', 'ALAW', 'A-law audio'],
    ['WAVE', 'MULAW', 'µ-law audio'],
    ['WAVE', 'DVI_ADPCM', 'ADPCM audio'],
    ['WAVE', 'MPEGLAYER3', 'MP3 inside a WAV file'],
    ['AIFF', 'PCM', 'AIFF audio'],
    ['AIFF-C', 'ITU-T G.711 mu-law', 'AIFF audio'],
    ['EBML/webm', 'OPUS', 'WebM audio'],
    ['EBML/matroska', 'ALAC', 'Matroska audio'],
    ['ASF/audio', 'Windows Media Audio 9', 'Windows Media Audio'],
    ["Monkey's Audio", undefined, "Monkey's Audio"],
    ['Musepack, SV7', '1.15', 'Musepack audio'],
    ['WavPack', 'DSD', 'WavPack audio'],
    ['DSF', undefined, 'DSD audio'],
    ['mp42/isom', 'MPEG-4/AAC+AC-3+CEA-608', 'This MP4 file'],
    ['ADTS/MPEG-4', 'AAC', 'This kind of AAC audio', 'HE-AAC'],
  ])('refuses %s %s as %s', (container, codec, name, codecProfile?: string) => {
    expect(unplayableEncoding({ container, codec, codecProfile })).toBe(name);
  });

  it('leaves a file the parser could not place to the unreadable check', () => {
    expect(unplayableEncoding({})).toBeNull();
  });
});
