import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverMessages } from '@cadenza/contract/covers';
import { jpegBytes, mp3Bytes } from '../../../test/media-files';
import {
  id3FrameHeader,
  id3PictureHead,
  id3TagHeader,
  id3TextFrame,
} from '../../../test/tag-fixtures';

// A 150 MB MP3 whose ID3v2 tag holds a 120 MB picture goes to a real server process, whose peak
// resident memory (VmHWM) shows whether the picture was ever held whole.
const MB = 1024 * 1024;
const FILE_BYTES = 150 * MB;
const PICTURE_BYTES = 120 * MB;
const TITLE = 'Huge Cover';
const ARTIST = 'Big Picture Band';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let workDir: string;
let mp3Path: string;
let server: ChildProcess;
let port: number;
let authorization: string;

async function write(out: fs.WriteStream, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
}

/** Writes the file as a stream: a tag with text and a 120 MB APIC frame, then MPEG frames. */
async function writeHugeCoverMp3(file: string): Promise<void> {
  const out = fs.createWriteStream(file);
  const picture = jpegBytes();
  const texts = Buffer.concat([id3TextFrame(3, 'TIT2', TITLE), id3TextFrame(3, 'TPE1', ARTIST)]);
  const pictureHead = id3PictureHead(3);
  const pictureFrameHeader = id3FrameHeader(3, 'APIC', pictureHead.length + PICTURE_BYTES);
  const tagSize = texts.length + pictureFrameHeader.length + pictureHead.length + PICTURE_BYTES;
  await write(out, id3TagHeader(3, tagSize));
  await write(out, Buffer.concat([texts, pictureFrameHeader, pictureHead, picture]));
  const zeros = Buffer.alloc(MB);
  let left = PICTURE_BYTES - picture.length;
  while (left > 0) {
    await write(out, left >= MB ? zeros : zeros.subarray(0, left));
    left -= MB;
  }
  const frames = mp3Bytes(2400); // 1 MB of MPEG frames
  let written = 10 + tagSize;
  while (written + frames.length <= FILE_BYTES) {
    await write(out, frames);
    written += frames.length;
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error) => (error ? reject(error) : resolve())),
  );
}

/** Posts the file as a multipart `audioFile`, streamed from disk. */
function postFile(
  url: string,
  extra: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const boundary = `----cadenza${randomBytes(8).toString('hex')}`;
  const fields = Object.entries(extra)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const head = Buffer.from(
    `${fields}--${boundary}\r\nContent-Disposition: form-data; name="audioFile"; filename="huge.mp3"\r\n` +
      'Content-Type: audio/mpeg\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = fs.statSync(mp3Path).size;
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: 'POST',
        headers: {
          authorization,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }),
        );
      },
    );
    request.on('error', reject);
    request.write(head);
    const file = fs.createReadStream(mp3Path);
    file.on('error', reject);
    file.on('end', () => request.end(tail));
    file.pipe(request, { end: false });
  });
}

/**
 * Starts measuring the peak "while inspecting and uploading": the kernel resets a process's peak
 * to its current resident memory on request (Linux ≥ 4.0); elsewhere the peak counts from start.
 */
function resetPeakRss(pid: number): void {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // The peak since start is a stricter measure anyway.
  }
}

/** The server process's peak resident memory so far, in bytes. */
function peakRss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmHWM:\s+(\d+) kB$/m.exec(status);
  if (!match?.[1]) throw new Error('no VmHWM in /proc status');
  return Number(match[1]) * 1024;
}

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-memory-'));
  mp3Path = path.join(workDir, 'huge-cover.mp3');
  await writeHugeCoverMp3(mp3Path);
  server = spawn(process.execPath, ['--import', 'tsx', 'test/upload-memory-server.ts'], {
    cwd: serverDir,
    env: { ...process.env, UPLOAD_MAX_MB: '400' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const firstLine = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: server.stdout! });
    lines.once('line', resolve);
    server.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  ({ port, authorization } = JSON.parse(firstLine) as { port: number; authorization: string });
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe('an upload with a huge embedded picture', { timeout: 180_000 }, () => {
  it('is inspected and stored without holding the picture: peak memory stays under twice the file', async () => {
    expect(fs.statSync(mp3Path).size).toBeGreaterThan(FILE_BYTES - MB);
    const startPeak = peakRss(server.pid!);
    resetPeakRss(server.pid!);
    const before = peakRss(server.pid!);

    const inspected = await postFile('/api/admin/songs/inspect');
    const created = await postFile('/api/admin/songs', { genre: 'rock' });
    const peak = peakRss(server.pid!);
    console.info(
      `server peak RSS: ${(startPeak / MB).toFixed(0)} MB while starting, ` +
        `${(before / MB).toFixed(0)} MB before the uploads, ${(peak / MB).toFixed(0)} MB ` +
        `after a ${(FILE_BYTES / MB).toFixed(0)} MB upload (ratio ${(peak / FILE_BYTES).toFixed(2)})`,
    );

    // Only short values are compared: a failure must not print a copy of the picture.
    expect(inspected.status).toBe(200);
    const details = (inspected.body as { data: Record<string, unknown> }).data;
    expect(details.title).toBe(TITLE);
    expect(details.artist).toBe(ARTIST);
    expect(details.coverImage === null).toBe(true);
    expect(details.coverNote).toBe(coverMessages.embeddedTooLarge);
    expect(created.status).toBe(201);
    const song = (created.body as { data: Record<string, unknown> }).data;
    expect(song.title).toBe(TITLE);
    expect(song.artist).toBe(ARTIST);
    expect(song.coverImage).toBe('/media/defaults/song.jpg');
    // And the server is still there to answer.
    const health = await fetch(`http://127.0.0.1:${port}/api/general/config`);
    expect(health.status).toBe(200);
    expect(peak / FILE_BYTES).toBeLessThan(2);
  });
});
