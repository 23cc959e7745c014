import { libraryMessages } from '@cadenza/contract/library';

/**
 * Each file of test/fixtures/audio with what Chromium does with it (e2e/chromium-audio-corpus)
 * and what a library import makes of it: a file Chromium plays comes in as it is; one it does
 * not is refused by the name of its encoding, or taken when ffmpeg is there to transcode it; a
 * damaged one is refused either way. `durationMs` is the length the song's row gets.
 */
export type CorpusOutcome =
  | { readonly plays: true; readonly durationMs: number }
  | { readonly plays: false; readonly encoding: string; readonly durationMs: number }
  | { readonly plays: false; readonly refusal: string };

export const AUDIO_CORPUS: Readonly<Record<string, CorpusOutcome>> = {
  'Night Swim.mp3': { plays: true, durationMs: 104 },
  'apev2-tags.mp3': { plays: true, durationMs: 221_336 },
  'id3v1-tags.mp3': { plays: true, durationMs: 33_384 },
  'no-xing-header.mp3': { plays: true, durationMs: 4068 },
  'tagged.opus': { plays: true, durationMs: 1000 },
  'aac-lc.m4a': { plays: true, durationMs: 272 },
  'adts.aac': { plays: true, durationMs: 325 },
  'opus.webm': { plays: true, durationMs: 506 },
  'opus.mp4': { plays: true, durationMs: 1007 },
  'flac.mp4': { plays: true, durationMs: 1000 },
  'flac.mka': { plays: true, durationMs: 1000 },
  'flac.oga': { plays: true, durationMs: 2000 },
  'streamed.flac': { plays: true, durationMs: 2000 },
  'bext.wav': { plays: true, durationMs: 1000 },
  'pcm24-extensible.wav': { plays: true, durationMs: 1000 },
  'pcm32-extensible.wav': { plays: true, durationMs: 1000 },
  'float32-extensible.wav': { plays: true, durationMs: 1000 },
  'float32.wav': { plays: true, durationMs: 1000 },
  'mpeglayer3.wav': { plays: true, durationMs: 125 },
  'alaw.wav': { plays: true, durationMs: 100 },
  'mulaw.wav': { plays: true, durationMs: 100 },
  'layer1.mp1': { plays: false, encoding: 'MPEG layer I audio', durationMs: 588 },
  'layer2.mp2': { plays: false, encoding: 'MPEG layer II audio', durationMs: 1764 },
  'alac.m4a': { plays: false, encoding: 'ALAC (Apple Lossless) audio', durationMs: 300 },
  'speex.spx': { plays: false, encoding: 'Speex audio', durationMs: 991 },
  'gsm610.wav': { plays: false, encoding: 'GSM 6.10 audio', durationMs: 120 },
  'adpcm.wav': { plays: false, encoding: 'ADPCM audio', durationMs: 100 },
  'float64-extensible.wav': {
    plays: false,
    encoding: '64-bit floating-point audio',
    durationMs: 400,
  },
  'pcm.aif': { plays: false, encoding: 'AIFF audio', durationMs: 1 },
  'wma.wma': { plays: false, encoding: 'Windows Media Audio', durationMs: 1024 },
  'monkeys-audio.ape': { plays: false, encoding: "Monkey's Audio", durationMs: 1213 },
  'wavpack.wv': { plays: false, encoding: 'WavPack audio', durationMs: 1000 },
  'musepack.mpc': { plays: false, encoding: 'Musepack audio', durationMs: 271 },
  'truncated-frame.mp3': { plays: false, refusal: libraryMessages.cutShortAudio },
  'one-audio-frame.mp3': { plays: false, refusal: libraryMessages.cutShortAudio },
  'bad-checksum.opus': { plays: false, refusal: libraryMessages.damagedAudio },
  'not-audio.txt': { plays: false, refusal: libraryMessages.unreadableAudio },
};
