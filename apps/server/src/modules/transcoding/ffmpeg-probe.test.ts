import { describe, expect, it } from 'vitest';
import { ffmpegBinary, skipWithoutFfmpeg } from '../../../test/ffmpeg';
import {
  audioEncodersOf,
  ffmpegVersionOf,
  findFfmpeg,
  NO_FFMPEG,
  transcodingSentence,
} from './ffmpeg-probe';

describe('what ffmpeg says of itself', () => {
  it('reads the version of its first line, and nothing from another program', () => {
    expect(ffmpegVersionOf('ffmpeg version 5.1.6-0+deb12u1 Copyright (c) 2000-2024\n')).toBe(
      '5.1.6-0+deb12u1',
    );
    expect(ffmpegVersionOf('ffmpeg version n7.1 Copyright')).toBe('n7.1');
    expect(ffmpegVersionOf('sox:      SoX v14.4.2\n')).toBeNull();
  });

  it('lists the audio encoders of -encoders, not the video ones', () => {
    const listing = [
      'Encoders:',
      ' V..... = Video',
      ' ------',
      ' V....D libx264              libx264 H.264',
      ' A....D libmp3lame           libmp3lame MP3 (MPEG audio layer 3) (codec mp3)',
      ' A..... libopus              libopus Opus (codec opus)',
      ' A..... aac                  AAC (Advanced Audio Coding)',
    ].join('\n');
    expect([...audioEncodersOf(listing)].sort()).toEqual(['aac', 'libmp3lame', 'libopus']);
  });

  it('says at start whether streams can be transcoded, and how to turn it on', () => {
    expect(transcodingSentence(NO_FFMPEG, [])).toBe(
      'Transcoding is off (ffmpeg is not on the PATH and FFMPEG_PATH is not set): files are sent as they are. Install ffmpeg, or set FFMPEG_PATH, to transcode.',
    );
    const facts = { path: '/usr/bin/ffmpeg', version: '5.1.6', encoders: new Set(['libopus']) };
    expect(transcodingSentence({ facts }, ['opus'])).toBe(
      'ffmpeg 5.1.6 found: streams can be transcoded to opus.',
    );
  });
});

describe.skipIf(skipWithoutFfmpeg)('finding ffmpeg', () => {
  it("probes this machine's ffmpeg once, and refuses a program that is not ffmpeg", async () => {
    const found = await findFfmpeg(ffmpegBinary);
    expect(found.facts?.encoders.has('libopus')).toBe(true);
    expect(await findFfmpeg(ffmpegBinary)).toBe(found);
    const notFfmpeg = await findFfmpeg('/bin/true');
    expect(notFfmpeg.facts).toBeNull();
    expect(notFfmpeg).toMatchObject({ reason: '/bin/true did not answer as ffmpeg does' });
  });
});
