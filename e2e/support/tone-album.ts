import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The formats a tone album is encoded in, each with its encoder's command. */
export type ToneFormat = 'mp3' | 'm4a' | 'flac' | 'opus';

export const TONE_HZ = 440;
export const TONE_TRACKS = 4;
export const TONE_TRACK_SECONDS = 3;

function encode(format: ToneFormat, input: string, output: string, tags: Record<string, string>) {
  if (format === 'mp3') {
    // LAME writes its Xing/LAME header (encoder delay and padding) by default.
    execFileSync('lame', [
      '--quiet',
      '-b',
      '192',
      '--tt',
      tags.title!,
      '--ta',
      tags.artist!,
      '--tl',
      tags.album!,
      '--tn',
      tags.track!,
      input,
      output,
    ]);
    return;
  }
  const codec = { m4a: ['-c:a', 'aac', '-b:a', '192k'], flac: [], opus: ['-c:a', 'libopus'] }[
    format
  ];
  const metadata = Object.entries(tags).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]);
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', input, ...codec, ...metadata, output]);
}

/** A steady sine tone as 16-bit stereo WAV at 44.1 kHz, at `volume` of full scale. */
export function writeSineWav(file: string, { hz, seconds }: ToneTrack, volume = 0.5): void {
  execFileSync('sox', [
    '-n',
    '-r',
    '44100',
    '-c',
    '2',
    '-b',
    '16',
    file,
    'synth',
    String(seconds),
    'sine',
    String(hz),
    'vol',
    String(volume),
  ]);
}

/**
 * An album that is one continuous sine tone cut into tracks, encoded in `format` under `dir`:
 * played gapless, its tracks join into the unbroken tone; any gap or misplaced sample shows.
 */
export function writeToneAlbum(
  dir: string,
  format: ToneFormat,
  album = `Tone in ${format.toUpperCase()}`,
): string {
  const work = fs.mkdtempSync(path.join(dir, `.${format}-`));
  const whole = path.join(work, 'whole.wav');
  writeSineWav(whole, { hz: TONE_HZ, seconds: TONE_TRACKS * TONE_TRACK_SECONDS });
  const folder = path.join(dir, album);
  fs.mkdirSync(folder, { recursive: true });
  for (let track = 1; track <= TONE_TRACKS; track += 1) {
    const piece = path.join(work, `${track}.wav`);
    const start = (track - 1) * TONE_TRACK_SECONDS;
    execFileSync('sox', [whole, piece, 'trim', String(start), String(TONE_TRACK_SECONDS)]);
    encode(format, piece, path.join(folder, `${track} Tone ${track}.${format}`), {
      title: `${album} part ${track}`,
      artist: 'Tone Maker',
      album,
      track: `${track}/${TONE_TRACKS}`,
    });
  }
  fs.rmSync(work, { recursive: true, force: true });
  return album;
}

/** One track of a tone album: a steady sine at `hz` for `seconds`. */
export interface ToneTrack {
  hz: number;
  seconds: number;
}

/**
 * An album in FLAC whose tracks are steady tones, each at its own pitch and length: what is heard
 * of a track at any moment is its pitch's level in the recording.
 */
export function writeToneTracks(dir: string, album: string, tracks: readonly ToneTrack[]): void {
  const folder = path.join(dir, album);
  fs.mkdirSync(folder, { recursive: true });
  tracks.forEach((tone, index) => {
    const track = index + 1;
    writeToneFlac(path.join(folder, `${track} Tone ${track}.flac`), tone, {
      title: `${album} part ${track}`,
      artist: 'Tone Maker',
      album,
      track: `${track}/${tracks.length}`,
    });
  });
}

/** A steady tone encoded as FLAC at `file` (its folders made), with these Vorbis comments. */
export function writeToneFlac(file: string, tone: ToneTrack, tags: Record<string, string>): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const wav = path.join(path.dirname(file), `.${path.basename(file)}.wav`);
  writeSineWav(wav, tone);
  encode('flac', wav, file, tags);
  fs.rmSync(wav);
}

/** An album of two 8-second tracks in FLAC, a steady tone each: `low`, then `high`. */
export function writeTwoToneAlbum(dir: string, album: string, low: number, high: number): void {
  writeToneTracks(dir, album, [
    { hz: low, seconds: 8 },
    { hz: high, seconds: 8 },
  ]);
}
