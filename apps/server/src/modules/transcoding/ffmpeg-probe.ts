import { execFile } from 'node:child_process';

/** What the ffmpeg found at start can do. */
export interface FfmpegFacts {
  readonly path: string;
  /** As `ffmpeg -version` names it ("5.1.6-0+deb12u1"). */
  readonly version: string;
  /** The encoders of the formats Cadenza transcodes to that this build has. */
  readonly encoders: ReadonlySet<string>;
}

/** ffmpeg answers `-version` and `-encoders` at once; one that hangs is not usable. */
const PROBE_TIMEOUT_MS = 10_000;
const WANTED_ENCODERS = ['libopus', 'libmp3lame', 'aac'] as const;

function run(file: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      [...args],
      { timeout: PROBE_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024, windowsHide: true },
      (error, stdout) =>
        error ? reject(new Error(error.message, { cause: error })) : resolve(stdout),
    );
  });
}

/** The version word of `ffmpeg -version`'s first line; null when it is not ffmpeg's. */
export function ffmpegVersionOf(output: string): string | null {
  return /^ffmpeg version (\S+)/m.exec(output)?.[1] ?? null;
}

/** The audio encoders `ffmpeg -encoders` lists (lines like " A....D libopus   libopus Opus"). */
export function audioEncodersOf(output: string): Set<string> {
  const found = new Set<string>();
  for (const line of output.split('\n')) {
    const match = /^\s*A[.A-Z]{5}\s+(\S+)/.exec(line);
    if (match?.[1]) found.add(match[1]);
  }
  return found;
}

/** The ffmpeg found, or why there is none (for the start-up log). */
export type FfmpegProbe =
  { readonly facts: FfmpegFacts } | { readonly facts: null; readonly reason: string };

export const NO_FFMPEG: FfmpegProbe = {
  facts: null,
  reason: 'ffmpeg is not on the PATH and FFMPEG_PATH is not set',
};

/**
 * Runs the ffmpeg at `file` once to learn its version and encoders; no facts when it does not
 * run or is not ffmpeg.
 */
async function probeFfmpeg(file: string): Promise<FfmpegProbe> {
  try {
    const version = ffmpegVersionOf(await run(file, ['-hide_banner', '-version']));
    if (!version) return { facts: null, reason: `${file} did not answer as ffmpeg does` };
    const all = audioEncodersOf(await run(file, ['-hide_banner', '-encoders']));
    const encoders = new Set(WANTED_ENCODERS.filter((name) => all.has(name)));
    return { facts: { path: file, version, encoders } };
  } catch (error) {
    return { facts: null, reason: `${file} could not be run: ${(error as Error).message}` };
  }
}

const probes = new Map<string, Promise<FfmpegProbe>>();

/** The configured ffmpeg (`Config.ffmpegPath`), probed once per process and path. */
export function findFfmpeg(file: string | null): Promise<FfmpegProbe> {
  if (file === null) return Promise.resolve(NO_FFMPEG);
  let probe = probes.get(file);
  if (!probe) {
    probe = probeFfmpeg(file);
    probes.set(file, probe);
  }
  return probe;
}

/** Whether streams can be transcoded, as the start-up log says it once. */
export function transcodingSentence(probe: FfmpegProbe, formats: readonly string[]): string {
  if (!probe.facts) {
    return `Transcoding is off (${probe.reason}): files are sent as they are. Install ffmpeg, or set FFMPEG_PATH, to transcode.`;
  }
  const to =
    formats.length > 0
      ? formats.join(', ')
      : 'no format (this build has none of the encoders used)';
  return `ffmpeg ${probe.facts.version} found: streams can be transcoded to ${to}.`;
}
