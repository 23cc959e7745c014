import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server';

/**
 * The install an image holds: what `npm ci && npm run build && npm prune --omit=dev` leaves
 * (deploy/Dockerfile), copied out of this checkout into a folder of its own. The server and the
 * `cadenza` command run from it, with no devDependency (tsx, vitest, esbuild) there to lean on.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WORKSPACES = ['packages/contract', 'apps/server', 'apps/web', 'e2e'];

let install: string;
let dataDir: string;
let music: string;
let server: RunningServer | undefined;

/** The checkout's built install, its node_modules linked (not copied: 87,000 files), pruned. */
function productionInstall(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-install-'));
  for (const file of ['package.json', 'package-lock.json']) {
    fs.copyFileSync(path.join(root, file), path.join(dir, file));
  }
  for (const workspace of WORKSPACES) {
    fs.mkdirSync(path.join(dir, workspace), { recursive: true });
    fs.copyFileSync(
      path.join(root, workspace, 'package.json'),
      path.join(dir, workspace, 'package.json'),
    );
  }
  for (const built of ['apps/server/dist', 'apps/server/assets', 'apps/web/dist']) {
    fs.cpSync(path.join(root, built), path.join(dir, built), { recursive: true });
  }
  execFileSync('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')]);
  // npm rewrites its record of the tree: a copy of its own, not a link to the checkout's.
  const record = path.join(dir, 'node_modules', '.package-lock.json');
  fs.rmSync(record);
  fs.copyFileSync(path.join(root, 'node_modules', '.package-lock.json'), record);
  execFileSync('npm', ['prune', '--omit=dev', '--offline', '--no-audit', '--no-fund'], {
    cwd: dir,
    stdio: 'ignore',
  });
  return dir;
}

function cadenza(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(path.join(install, 'node_modules/.bin/cadenza'), args, {
    cwd: install,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      MUSIC_DIR: music,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

beforeAll(() => {
  install = productionInstall();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-install-data-'));
  music = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-install-music-'));
  const demo = path.join(root, 'apps/server/assets/demo');
  const [first, second] = fs.readdirSync(demo).filter((name) => name.endsWith('.mp3'));
  for (const name of [first, second]) {
    if (name) fs.copyFileSync(path.join(demo, name), path.join(music, name));
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
  for (const dir of [install, dataDir, music]) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the production install', () => {
  it('holds no devDependency, and links the cadenza command', () => {
    for (const tool of ['tsx', 'vitest', 'esbuild', 'typescript']) {
      expect(fs.existsSync(path.join(install, 'node_modules', tool)), tool).toBe(false);
    }
    expect(fs.realpathSync(path.join(install, 'node_modules/.bin/cadenza'))).toBe(
      path.join(install, 'apps/server/dist/cadenza.js'),
    );
  });

  it(
    'scans, creates an account, checks itself and backs up with cadenza alone',
    { timeout: 120_000 },
    async () => {
      const scan = await cadenza(['scan']);
      expect(scan.stderr).toContain('2 audio files. Scanning…');
      expect(scan.stderr).toContain(
        '2 added, 0 updated, 0 moved, 0 removed, 0 unchanged, 0 errors.',
      );
      expect(scan.code).toBe(0);

      const created = await cadenza([
        'users',
        'create',
        'owner@example.com',
        '--name',
        'Owner',
        '--role',
        'admin',
      ]);
      expect(created.code).toBe(0);
      const password = /│ {3}(\S+) +│/u.exec(created.stdout)?.[1] ?? '';
      expect(password).toHaveLength(16);

      const listed = await cadenza(['users', 'list']);
      expect(listed.stdout).toMatch(/owner@example\.com +Owner +admin +temporary password/u);

      const doctor = await cadenza(['doctor']);
      expect(doctor.stdout).toMatch(
        /^ {2}ok {4}database {7}SQLite at .* answers; all \d+ migrations are applied$/mu,
      );
      expect(doctor.code).toBe(0);

      // A backup, restored into a new data folder, by the same install.
      const backup = await cadenza(['backup']);
      expect(backup.stderr).toContain('Backed up 1 account, 2 songs, 0 playlists');
      expect(backup.code).toBe(0);
      const archive = backup.stdout.trim().replace(/ \([\d.]+ MB\)$/, '');
      expect(path.dirname(archive)).toBe(path.join(dataDir, 'backups'));
      const restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-install-restored-'));
      try {
        const restored = await cadenza(['restore', archive], { DATA_DIR: restoredDir });
        expect(restored.stderr).toContain('Restored 1 account, 2 songs, 0 playlists');
        expect(restored.code).toBe(0);
      } finally {
        fs.rmSync(restoredDir, { recursive: true, force: true });
      }

      // The server of the same install serves what the command made.
      server = await startServer({ DATA_DIR: dataDir, MUSIC_DIR: music }, { installRoot: install });
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'owner@example.com', password }),
      });
      expect(login.status).toBe(200);
      expect(await login.json()).toMatchObject({ passwordChangeRequired: true });
      const songs = await fetch(`${server.url}/api/general/songs`);
      expect(((await songs.json()) as { data: unknown[] }).data).toHaveLength(2);
    },
  );
});
