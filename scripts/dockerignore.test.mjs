// The image's build context (the repository, as deploy/Dockerfile builds it) holds nothing secret
// and nothing local: .dockerignore is read with the rules Docker applies.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import dockerignore from '@balena/dockerignore';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rules = dockerignore().add(fs.readFileSync(path.join(root, '.dockerignore'), 'utf8'));
const inContext = (file) => !rules.ignores(file);

/** What a checkout holds beside its files after a server ran from it and the compose flow. */
const LOCAL_ONLY = [
  '.env',
  '.env.production',
  'deploy/.env',
  'deploy/example.env',
  'apps/server/.env',
  'apps/server/prod.env',
  'data/cadenza.db',
  'data/jwt-secret',
  'data/media/audio/0193a1b2-0000-7000-8000-000000000001',
  'apps/server/data/cadenza.db-wal',
  'node_modules/fastify/package.json',
  'apps/web/node_modules/.vite/deps/react.js',
  'apps/server/dist/main.js',
  'apps/web/dist/index.html',
  '.git/HEAD',
  '.git/config',
  'test-results/screenshots/admin-songs-390.png',
  'apps/server/tsconfig.tsbuildinfo',
];

test('keeps settings files, local data, installed packages, builds and history out', () => {
  assert.deepEqual(LOCAL_ONLY.filter(inContext), []);
});

test('keeps every file the build needs in', () => {
  const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file !== '');
  const needed = tracked.filter(
    (file) =>
      /(^|\/)package(-lock)?\.json$/.test(file) ||
      /^(apps|packages)\/[^/]+\/src\//.test(file) ||
      file.startsWith('apps/server/assets/') ||
      file === 'deploy/Dockerfile',
  );
  assert.ok(needed.length > 100, `only ${needed.length} files found to check`);
  assert.deepEqual(
    needed.filter((file) => !inContext(file)),
    [],
  );
});

test('leaves no settings file of the repository in the image', () => {
  const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n');
  const settings = tracked.filter((file) => /(^|\/)\.env($|\.)|\.env$/.test(file));
  assert.deepEqual(settings.filter(inContext), []);
});
