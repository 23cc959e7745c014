import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** ffmpeg and ffprobe on this machine's PATH (`.ci/run` installs Debian's); null without. */
function onPath(name: string): string | null {
  for (const folder of (process.env.PATH ?? '').split(path.delimiter)) {
    if (folder === '') continue;
    const file = path.join(folder, name);
    if (fs.existsSync(file)) return file;
  }
  return null;
}

export const ffmpegBinary = onPath('ffmpeg');
export const ffprobeBinary = onPath('ffprobe');
/** Tests of transcoding run where ffmpeg is; in CI it must be. */
export const skipWithoutFfmpeg = (!ffmpegBinary || !ffprobeBinary) && process.env.CI !== 'true';

/**
 * A sine tone of `seconds` encoded by ffmpeg as `codec` into `format`, with a title tag. Written
 * to a file, so that the container's header is completed as a file's is (a FLAC's STREAMINFO
 * counts its samples only when ffmpeg can seek back to it).
 */
export function encodedTone(
  seconds: number,
  options: { codec: string; format: string; title: string; extra?: readonly string[] },
): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-tone-'));
  const file = path.join(dir, `tone.${options.format}`);
  try {
    execFileSync(ffmpegBinary ?? 'ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
      ...['-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`],
      ...['-ac', '2', '-c:a', options.codec, ...(options.extra ?? [])],
      ...['-metadata', `title=${options.title}`, '-metadata', 'artist=Tone Maker'],
      ...['-f', options.format, file],
    ]);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface ProbedAudio {
  readonly codec: string;
  readonly bitRate: number;
  readonly duration: number;
}

/** What ffprobe says of some audio bytes (from a file, so that it can measure their length). */
export function probeAudio(bytes: Buffer): ProbedAudio {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-probe-'));
  const file = path.join(dir, 'audio');
  try {
    fs.writeFileSync(file, bytes);
    const output = execFileSync(ffprobeBinary ?? 'ffprobe', [
      ...['-hide_banner', '-loglevel', 'error', '-print_format', 'json'],
      ...['-show_entries', 'stream=codec_name,bit_rate:format=duration,bit_rate', file],
    ]);
    const json = JSON.parse(output.toString('utf8')) as {
      streams: Array<{ codec_name: string; bit_rate?: string }>;
      format: { duration?: string; bit_rate?: string };
    };
    const stream = json.streams[0];
    return {
      codec: stream?.codec_name ?? '',
      bitRate: Number(stream?.bit_rate ?? json.format.bit_rate ?? 0),
      duration: Number(json.format.duration ?? 0),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The ffmpeg processes this process started and that are still running. */
export function ffmpegChildren(): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid …": the name may hold spaces, so read after its last ')'.
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (name === 'ffmpeg' && state !== 'Z' && Number(ppid) === process.pid)
        found.push(Number(entry));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return found;
}
