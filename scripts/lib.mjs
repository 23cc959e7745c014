// Small helpers shared by the root scripts.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`could not run ${command}: ${error.message}`);
      resolve(1);
    });
  });
}

export async function runOrExit(command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) process.exit(code);
}

/** Tests and their helpers, which no build ships: editing one needs no rebuild. */
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/u;
const TEST_DIRECTORY = 'test';

/**
 * Newest modification time (ms) of any file below the given paths that goes into a build:
 * build output, dependencies and tests are skipped.
 */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (entry) => {
    let stat;
    try {
      stat = fs.statSync(entry);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      const name = path.basename(entry);
      const skipped = ['node_modules', 'dist', 'test-results', TEST_DIRECTORY];
      if (skipped.includes(name)) return;
      for (const child of fs.readdirSync(entry)) visit(path.join(entry, child));
    } else if (!TEST_FILE.test(entry)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const entry of paths) visit(path.join(root, entry));
  return newest;
}

export const bin = (name) => path.join(root, 'node_modules', '.bin', name);
