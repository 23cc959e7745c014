import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCadenza } from '../../../test/cli';
import { taggedMp3, untaggedMp3 } from '../../../test/audio-fixtures';
import { id3Tag, id3TextFrame } from '../../../test/tag-fixtures';

/**
 * `cadenza scan` as a terminal runs it, in its own process, against a SQLite data folder of its
 * own (whichever database the other tests use).
 */

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Who runs a scan: this process's user, or another (a server run as an unprivileged user). */
interface RunAs {
  readonly uid: number;
  readonly gid: number;
}

function runScan(env: Record<string, string>, as?: RunAs) {
  return runCadenza(['scan'], env, as ? { as } : {});
}

describe('cadenza scan', () => {
  it(
    'counts, scans with progress, sums up, and exits 0; again, finds it unchanged',
    {
      timeout: 60_000,
    },
    async () => {
      const music = tempDir('cadenza-music-');
      fs.mkdirSync(path.join(music, 'Album'));
      fs.writeFileSync(path.join(music, 'Album', '01.mp3'), taggedMp3());
      const env = { DATA_DIR: tempDir('cadenza-data-'), MUSIC_DIR: music };

      const first = await runScan(env);
      expect(first.stderr).toContain('1 audio files. Scanning…');
      expect(first.stderr).toMatch(/\[#+\] 1\/1 files 100%/);
      expect(first.stderr).toContain(
        '1 added, 0 updated, 0 moved, 0 removed, 0 unchanged, 0 errors',
      );
      expect(first.code).toBe(0);

      const second = await runScan(env);
      expect(second.stderr).toContain('0 added, 0 updated, 0 moved, 0 removed, 1 unchanged');
      expect(second.code).toBe(0);
    },
  );

  it(
    'exits 1 with the reason when MUSIC_DIR is unset or names no folder',
    {
      timeout: 60_000,
    },
    async () => {
      const dataDir = tempDir('cadenza-data-');
      const unset = await runScan({ DATA_DIR: dataDir });
      expect(unset).toEqual({
        code: 1,
        stdout: '',
        stderr: 'No music folders are set up: set MUSIC_DIR to scan a library in place.\n',
      });
      const missing = path.join(dataDir, 'no-such-folder');
      const wrong = await runScan({ DATA_DIR: dataDir, MUSIC_DIR: missing });
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain(`MUSIC_DIR names ${missing}, which is not a folder`);
    },
  );

  it(
    'lists the files and folders it may not read, run as an unprivileged user, and keeps their songs',
    { timeout: 90_000 },
    async () => {
      // Root reads everything: the scan runs as `nobody`, as a server should. Run by another user
      // already, the tests are unprivileged themselves.
      const nobody: RunAs | undefined =
        process.getuid?.() === 0
          ? {
              uid: Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' })),
              gid: Number(execFileSync('id', ['-g', 'nobody'], { encoding: 'utf8' })),
            }
          : undefined;
      const music = tempDir('cadenza-music-');
      const dataDir = tempDir('cadenza-data-');
      fs.chmodSync(music, 0o755);
      if (nobody) fs.chownSync(dataDir, nobody.uid, nobody.gid);
      const song = (title: string) =>
        Buffer.concat([id3Tag(3, [id3TextFrame(3, 'TIT2', title)]), untaggedMp3()]);
      fs.mkdirSync(path.join(music, 'Album'), { mode: 0o755 });
      fs.mkdirSync(path.join(music, 'Locked Folder'), { mode: 0o755 });
      const readable = path.join(music, 'Album', '01 Readable.mp3');
      fs.writeFileSync(readable, song('Readable'), { mode: 0o644 });
      fs.writeFileSync(path.join(music, 'Album', '02 Locked.mp3'), song('Locked'), { mode: 0 });
      fs.writeFileSync(path.join(music, 'Locked Folder', '01.mp3'), song('Hidden'));
      fs.chmodSync(path.join(music, 'Locked Folder'), 0);
      const env = { DATA_DIR: dataDir, MUSIC_DIR: music };

      const first = await runScan(env, nobody);
      expect(first.stderr).toContain(
        '1 added, 0 updated, 0 moved, 0 removed, 0 unchanged, 2 errors',
      );
      expect(first.stderr).toContain(
        `${path.join(music, 'Album', '02 Locked.mp3')}: The file or folder could not be read.`,
      );
      expect(first.stderr).toContain(
        `${path.join(music, 'Locked Folder')}: The file or folder could not be read.`,
      );
      expect(first.code).toBe(0);

      // A file known already and no longer readable is listed too, and keeps its song.
      fs.chmodSync(readable, 0);
      const second = await runScan(env, nobody);
      expect(second.stderr).toContain(`${readable}: The file or folder could not be read.`);
      expect(second.stderr).toContain('0 removed');
      expect(second.code).toBe(0);
      fs.chmodSync(path.join(music, 'Locked Folder'), 0o755);
    },
  );
});
