import { describe, expect, it } from 'vitest';
import type { OutputFormat } from '../transcoding/song-streams.service';
import type { AudioFacts } from './audio-facts';
import type { ClientInfo, DirectPlayProfile } from './client-info';
import { decideTranscode, type DecisionInput } from './transcode-decision';

const OUTPUTS: OutputFormat[] = [
  { format: 'mp3', defaultKbps: 192, minKbps: 32, maxKbps: 320 },
  { format: 'opus', defaultKbps: 160, minKbps: 32, maxKbps: 256 },
  { format: 'aac', defaultKbps: 192, minKbps: 32, maxKbps: 320 },
];

const FLAC: AudioFacts = {
  container: 'flac',
  codec: 'flac',
  bitRate: 900_000,
  sampleRate: 44_100,
  channels: 2,
  bitDepth: null,
  profile: null,
};
const MP3_128: AudioFacts = { ...FLAC, container: 'mp3', codec: 'mp3', bitRate: 128_000 };

const client = (overrides: Partial<ClientInfo> = {}): ClientInfo => ({
  name: 'Phone',
  platform: 'Android',
  maxAudioBitrate: 0,
  maxTranscodingAudioBitrate: 0,
  directPlayProfiles: [{ containers: ['mp3'], audioCodecs: ['mp3'], protocols: ['http'] }],
  transcodingProfiles: [{ container: 'mp3', audioCodec: 'mp3', protocol: 'http' }],
  codecProfiles: [],
  ...overrides,
});

const decide = (input: Partial<DecisionInput>) =>
  decideTranscode({ source: FLAC, client: client(), outputs: OUTPUTS, limitKbps: 0, ...input });

describe('decideTranscode', () => {
  it('plays the file as it is when a direct play profile fits, any container or codec included', () => {
    const fitting: DirectPlayProfile[] = [
      { containers: ['flac'], audioCodecs: ['flac'], protocols: [] },
      { containers: [], audioCodecs: [], protocols: ['http'] },
      { containers: ['FLAC'], audioCodecs: [], protocols: ['hls', 'http'], maxAudioChannels: 2 },
    ];
    for (const profile of fitting) {
      const decision = decide({ client: client({ directPlayProfiles: [profile] }) });
      expect(decision).toMatchObject({ canDirectPlay: true, transcode: null, errorReason: null });
      expect(decision.transcodeReasons).toEqual([]);
    }
  });

  it('knows a container or codec by the other names clients give it', () => {
    const m4a: AudioFacts = { ...FLAC, container: 'm4a', codec: 'aac', bitRate: 256_000 };
    const profile = { containers: ['mp4'], audioCodecs: ['adts'], protocols: [] };
    expect(
      decide({ source: m4a, client: client({ directPlayProfiles: [profile] }) }).canDirectPlay,
    ).toBe(true);
  });

  it('transcodes to the first transcoding profile it can make, giving one reason per direct play profile', () => {
    const decision = decide({
      client: client({
        maxTranscodingAudioBitrate: 128_000,
        directPlayProfiles: [
          { containers: ['mp3'], audioCodecs: ['mp3'], protocols: ['http'] },
          { containers: ['flac'], audioCodecs: ['flac'], protocols: ['hls'] },
        ],
        transcodingProfiles: [
          { container: 'flac', audioCodec: 'flac', protocol: 'http' },
          { container: 'mp3', audioCodec: 'mp3', protocol: 'http' },
        ],
      }),
    });
    expect(decision.canDirectPlay).toBe(false);
    expect(decision.transcodeReasons).toEqual([
      'container flac is not one of mp3',
      'the profile is for HLS, which this server does not offer',
    ]);
    expect(decision.transcode).toEqual({
      format: 'mp3',
      kbps: 128,
      stream: {
        container: 'mp3',
        codec: 'mp3',
        bitRate: 128_000,
        sampleRate: 44_100,
        channels: 2,
        bitDepth: null,
        profile: null,
      },
    });
  });

  it('uses the format default without a limit, and the lower of the two limits with both', () => {
    expect(decide({}).transcode?.kbps).toBe(192);
    const both = client({ maxAudioBitrate: 96_000, maxTranscodingAudioBitrate: 256_000 });
    expect(decide({ client: both }).transcode?.kbps).toBe(96);
    const over = client({ maxTranscodingAudioBitrate: 1_000_000 });
    expect(decide({ client: over }).transcode?.kbps).toBe(320);
  });

  it('does not direct play a file richer than maxAudioBitrate, even in a format the client plays', () => {
    const rich: AudioFacts = { ...MP3_128, bitRate: 320_000 };
    const decision = decide({ source: rich, client: client({ maxAudioBitrate: 128_000 }) });
    expect(decision.canDirectPlay).toBe(false);
    expect(decision.transcodeReasons).toEqual(['audio bit rate 320000 is over the maximum 128000']);
    expect(decision.transcode).toMatchObject({ format: 'mp3', kbps: 128 });
  });

  it("holds the administrator's limit as the client's own lower maximum", () => {
    const decision = decide({
      client: client({ directPlayProfiles: [{ containers: [], audioCodecs: [], protocols: [] }] }),
      limitKbps: 96,
    });
    expect(decision.canDirectPlay).toBe(false);
    expect(decision.transcode?.kbps).toBe(96);
  });

  it('never makes a lossy file richer than it is', () => {
    const opus = client({
      maxTranscodingAudioBitrate: 320_000,
      transcodingProfiles: [{ container: 'ogg', audioCodec: 'opus', protocol: 'http' }],
    });
    const decision = decide({ source: { ...MP3_128, container: 'm4a', codec: 'alac' } });
    expect(decision.transcode?.kbps).toBe(192);
    expect(
      decide({ source: { ...MP3_128, codec: 'vorbis', container: 'ogg' }, client: opus }).transcode,
    ).toMatchObject({
      format: 'opus',
      kbps: 128,
      stream: { container: 'ogg', codec: 'opus', sampleRate: 48_000 },
    });
  });

  it("refuses direct play on a required codec limitation, and moves a transcode's rate to fit one", () => {
    const hiRes: AudioFacts = { ...FLAC, sampleRate: 96_000 };
    const decision = decide({
      source: hiRes,
      client: client({
        directPlayProfiles: [{ containers: ['flac'], audioCodecs: ['flac'], protocols: [] }],
        codecProfiles: [
          {
            type: 'AudioCodec',
            name: 'flac',
            limitations: [
              {
                name: 'audioSamplerate',
                comparison: 'LessThanEqual',
                values: ['48000'],
                required: true,
              },
              {
                name: 'audioBitdepth',
                comparison: 'LessThanEqual',
                values: ['16'],
                required: false,
              },
            ],
          },
          {
            type: 'AudioCodec',
            name: 'mp3',
            limitations: [
              {
                name: 'audioBitrate',
                comparison: 'LessThanEqual',
                values: ['160000'],
                required: true,
              },
            ],
          },
        ],
      }),
    });
    expect(decision.transcodeReasons).toEqual([
      'audioSamplerate 96000 is not LessThanEqual 48000 (codec profile of flac)',
    ]);
    expect(decision.transcode).toMatchObject({ kbps: 160, stream: { sampleRate: 48_000 } });
  });

  it('picks the nearest allowed rate of an Equals limitation, and refuses one it cannot meet', () => {
    const equals = (values: string[]) =>
      decide({
        client: client({
          maxTranscodingAudioBitrate: 192_000,
          codecProfiles: [
            {
              type: 'AudioCodec',
              name: 'mp3',
              limitations: [{ name: 'audioBitrate', comparison: 'Equals', values, required: true }],
            },
          ],
        }),
      });
    expect(equals(['64000', '128000', '256000']).transcode?.kbps).toBe(128);
    const none = equals(['256000']);
    expect(none.transcode).toBeNull();
    expect(none.errorReason).toBe(
      'No direct play profile fits this song, and no transcoding profile can be met: mp3: audioBitrate 192000 is not Equals 256000 (codec profile of mp3)',
    );
  });

  it('skips profiles it cannot make: HLS, a container it does not write, a rate below the format, channels it does not mix down', () => {
    const surround: AudioFacts = { ...FLAC, channels: 6 };
    const decision = decide({
      source: surround,
      client: client({
        maxAudioBitrate: 24_000,
        transcodingProfiles: [
          { container: 'mp4', audioCodec: 'aac', protocol: 'hls' },
          { container: 'mp4', audioCodec: 'aac', protocol: 'http' },
          { container: 'mp3', audioCodec: 'mp3', protocol: 'http' },
        ],
      }),
    });
    expect(decision.transcode).toBeNull();
    expect(decision.errorReason).toBe(
      'No direct play profile fits this song, and no transcoding profile can be met: ' +
        'HLS, which this server does not offer; ' +
        'aac in mp4: this server sends aac in aac only; ' +
        'mp3 is made at 32 kbps at least, over the maximum 24 kbps',
    );
    const stereoOnly = decide({
      source: surround,
      client: client({
        transcodingProfiles: [
          { container: 'ogg', audioCodec: 'opus', protocol: 'http', maxAudioChannels: 2 },
          { container: 'mp3', audioCodec: '', protocol: 'http', maxAudioChannels: 2 },
        ],
      }),
    });
    expect(stereoOnly.transcode).toMatchObject({ format: 'mp3', stream: { channels: 2 } });
  });

  it('says why nothing plays without ffmpeg, or without transcoding profiles', () => {
    expect(decide({ outputs: [] })).toMatchObject({
      canDirectPlay: false,
      transcode: null,
      errorReason:
        'No direct play profile fits this song, and this server cannot transcode (no ffmpeg)',
    });
    expect(decide({ client: client({ transcodingProfiles: [] }) }).errorReason).toBe(
      'No direct play profile fits this song, and the client lists no transcoding profile',
    );
  });
});
