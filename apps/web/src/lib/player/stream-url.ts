import { STREAMING_QUALITY_KBPS, type StreamingQuality } from '@cadenza/contract/streaming-quality';
import { usePlaybackSettings } from './playback-settings';

/** What the browser tells of its connection (Network Information API, where it has one). */
interface NetworkInformation {
  readonly type?: string;
}

/** True when the browser reports a cellular connection; most desktop browsers report none. */
export function onCellular(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return connection?.type === 'cellular';
}

/** The formats a transcode can be made in, in the order the player prefers them. */
const TRANSCODE_TYPES = [
  ['opus', 'audio/ogg; codecs="opus"'],
  ['aac', 'audio/aac'],
  ['mp3', 'audio/mpeg'],
] as const;

let playable: string | undefined;

/** The best format this browser plays a transcode in: Opus, else AAC, else MP3. */
export function transcodeFormat(): string {
  if (playable === undefined) {
    const probe = document.createElement('audio');
    playable =
      // One that says it plays none of them gets the server's own choice.
      TRANSCODE_TYPES.find(([, type]) => probe.canPlayType(type) !== '')?.[0] ??
      TRANSCODE_TYPES[0][0];
  }
  return playable;
}

/** The streaming quality the listener chose for the connection they are on. */
export function currentStreamingQuality(): StreamingQuality {
  const { settings } = usePlaybackSettings.getState();
  return onCellular() ? settings.cellularStreamingQuality : settings.streamingQuality;
}

/**
 * The address a song is played from: its signed audio URL with the listener's streaming quality
 * (`kbps`: the server transcodes a richer file, into the format `prefer` names, one this browser
 * plays; a file within it comes as it is). The file as it is when the quality is Original and the
 * server links no format (one browsers cannot play).
 */
export function streamUrl(audioFile: string): string {
  const kbps = STREAMING_QUALITY_KBPS[currentStreamingQuality()];
  const [path = '', query = ''] = audioFile.split('?', 2);
  const params = new URLSearchParams(query);
  const format = transcodeFormat();
  // The server's own choice is Opus: a browser without it says what it plays instead, for a
  // transcode the administrator's limit may call for.
  if (kbps === 0 && !params.has('format') && format === 'opus') return audioFile;
  // A file the server links with a format must be transcoded: into one this browser plays.
  if (params.has('format')) params.set('format', format);
  if (kbps > 0) params.set('kbps', String(kbps));
  params.set('prefer', format);
  return `${path}?${params.toString()}`;
}
