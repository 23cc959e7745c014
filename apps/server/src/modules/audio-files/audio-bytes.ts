import type { IAudioMetadata, IFormat } from 'music-metadata';
import type { AudioDamage } from '../../domain/audio-tags';
import { FlacFrameCounter } from './flac-frames';
import { MpegFrameCounter } from './mpeg-frames';
import { OggPageWalker } from './ogg-pages';
import { wavCodec } from './wav-format';

/** How much of a file's start is kept for the headers read from it (a WAV's `fmt ` chunk). */
const HEAD_BYTES = 64 * 1024;

/** The types of audio (as sniffed) that are not MPEG audio, and so have no MPEG frames. */
const OTHER_CONTAINERS: ReadonlySet<string> = new Set([
  'audio/flac',
  'audio/mp4',
  'audio/aac',
  'audio/ogg',
  'audio/wav',
]);

const MP4_CONTAINER = /^(?:M4A|isom|mp4|mp42|3gp)/i;
/** MP4 sample entries the tag parser leaves unnamed ("<fLaC>"), by the names it gives elsewhere. */
const MP4_SAMPLE_ENTRIES: Readonly<Record<string, string>> = { fLaC: 'FLAC', Opus: 'Opus' };

/**
 * What a file's bytes tell that its parsed headers do not, learnt as they go past the parser:
 * the sub-format of a WAV file, the codec of an MP4 track the parser leaves unnamed, whether an
 * MPEG or Ogg file would open in a browser at all, and a length no header states (MPEG frames,
 * FLAC frames, the last page of FLAC in Ogg). Only what the file's type needs is looked at: the
 * MPEG frame counter, which looks at every byte, only runs on MPEG audio.
 */
export class AudioBytes {
  private readonly mpeg: MpegFrameCounter | null;
  private readonly flac: FlacFrameCounter | null;
  private readonly ogg: OggPageWalker | null;
  private readonly headChunks: Buffer[] = [];
  private headBytes = 0;

  /**
   * `container` is the parser's, when the file was parsed before its bytes are looked at: then
   * frames are counted only in what it found to be MPEG audio.
   */
  constructor(mime: string, container?: string) {
    const mpeg = container === undefined ? !OTHER_CONTAINERS.has(mime) : container === 'MPEG';
    this.mpeg = mpeg ? new MpegFrameCounter() : null;
    this.flac = mime === 'audio/flac' ? new FlacFrameCounter() : null;
    this.ogg = mime === 'audio/ogg' ? new OggPageWalker() : null;
  }

  push(chunk: Buffer): void {
    if (this.headBytes < HEAD_BYTES) {
      this.headChunks.push(chunk.subarray(0, HEAD_BYTES - this.headBytes));
      this.headBytes += Math.min(chunk.length, HEAD_BYTES - this.headBytes);
    }
    this.mpeg?.push(chunk);
    this.flac?.push(chunk);
    this.ogg?.push(chunk);
  }

  /** Whether the rest of the file must go past for what the parser found to be completed. */
  wantsRest({ container, codec, duration }: IFormat): boolean {
    if (container === 'MPEG') return this.mpeg !== null;
    if (container === 'FLAC') return this.flac !== null && !this.flac.lengthInHeader;
    return container === 'Ogg' && codec === 'FLAC' && duration === undefined;
  }

  /** The file has ended (or the rest of it will not be read). */
  end(): void {
    this.mpeg?.end();
    this.flac?.end();
  }

  /** The parsed metadata, completed by what the bytes told. */
  completed(metadata: IAudioMetadata): IAudioMetadata {
    const { format } = metadata;
    const codec = this.codec(format);
    const duration =
      format.container === 'MPEG'
        ? (this.countedMpegDuration() ?? format.duration)
        : (format.duration ?? this.countedDuration(format));
    return {
      ...metadata,
      format: {
        ...format,
        ...(codec === undefined ? {} : { codec }),
        ...(duration === undefined ? {} : { duration }),
      },
    };
  }

  /** What keeps a file in a playable encoding from playing; null when nothing does. */
  damage({ container }: IFormat): AudioDamage | null {
    if (container === 'MPEG' && this.mpeg && !this.mpeg.framesInARow) return 'cut-short';
    if (container === 'Ogg' && this.ogg && !this.ogg.headersIntact) return 'failed-checksum';
    return null;
  }

  private codec({ container, codec, trackInfo }: IFormat): string | undefined {
    if (container === 'WAVE') return wavCodec(Buffer.concat(this.headChunks)) ?? undefined;
    if (codec !== undefined || !MP4_CONTAINER.test(container ?? '')) return undefined;
    const names = trackInfo
      .filter((track) => track.audio !== undefined)
      .map((track) => track.codecName?.replace(/^<(.*)>$/, '$1') ?? '')
      .filter((entry) => entry !== '')
      .map((entry) => MP4_SAMPLE_ENTRIES[entry] ?? entry);
    return names.length > 0 ? [...new Set(names)].join('+') : undefined;
  }

  /** The counted length of MPEG audio when no Xing/Info/VBRI header states it. */
  private countedMpegDuration(): number | undefined {
    if (!this.mpeg || this.mpeg.lengthInHeader) return undefined;
    return this.mpeg.seconds ?? undefined;
  }

  /** A length no header states: FLAC's frames counted, or FLAC in Ogg's last granule position. */
  private countedDuration({ container, codec, sampleRate }: IFormat): number | undefined {
    if (container === 'FLAC') return this.flac?.seconds ?? undefined;
    const granule = this.ogg?.lastGranule;
    // FLAC's granule positions count samples at its own rate (Opus's do not).
    if (container !== 'Ogg' || codec !== 'FLAC' || !granule || !sampleRate) return undefined;
    return granule / sampleRate;
  }
}
