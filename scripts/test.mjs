// `npm test`: every check a change must pass. Prints a summary and, last, `N passed, N failed`.
// Under CI=true nothing may be skipped: a missing PostgreSQL or Chromium is a failure.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { buildAll } from './build.mjs';
import { bin, root, run } from './lib.mjs';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const resultsDir = path.join(root, 'test-results');
fs.mkdirSync(resultsDir, { recursive: true });

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const rows = [];
let passed = 0;
let failed = 0;
let skippedTests = 0;

function record(name, outcome) {
  rows.push({ name, ...outcome });
  passed += outcome.passed ?? 0;
  failed += outcome.failed ?? 0;
  skippedTests += outcome.skipped ?? 0;
}

/** A check without test cases counts as one test: it passes or fails as a whole. */
async function check(name, command, args) {
  console.info(`\n=== ${name}`);
  const code = await run(command, args);
  record(name, code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });
}

async function vitest(name, workspace, env = {}) {
  console.info(`\n=== ${name}`);
  const report = path.join(resultsDir, `${name.replace(/\W+/g, '-').toLowerCase()}.json`);
  fs.rmSync(report, { force: true });
  const code = await run(
    bin('vitest'),
    [
      'run',
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    {
      cwd: path.join(root, workspace),
      env: { ...process.env, ...env },
    },
  );
  let counts = { passed: 0, failed: code === 0 ? 0 : 1, skipped: 0 };
  try {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    counts = {
      passed: json.numPassedTests,
      // A suite that failed to load has no failed tests but must still count as a failure.
      failed: json.numFailedTests + (code !== 0 && json.numFailedTests === 0 ? 1 : 0),
      skipped: json.numPendingTests + json.numTodoTests,
    };
  } catch {
    // No report: the run crashed before writing it; counted as one failure above.
  }
  record(name, counts);
}

/** Node's test runner over one file; its TAP summary (`# pass N`, `# fail N`) gives the counts. */
async function nodeTest(name, file) {
  console.info(`\n=== ${name}`);
  const report = path.join(resultsDir, `${name.replace(/\W+/g, '-').toLowerCase()}.tap`);
  fs.rmSync(report, { force: true });
  const code = await run(process.execPath, [
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${report}`,
    file,
  ]);
  let counts = { passed: 0, failed: code === 0 ? 0 : 1, skipped: 0 };
  try {
    const tap = fs.readFileSync(report, 'utf8');
    const count = (label) => Number(new RegExp(`^# ${label} (\\d+)$`, 'm').exec(tap)?.[1] ?? 0);
    const failedTests = count('fail') + count('cancelled');
    counts = {
      passed: count('pass'),
      failed: failedTests + (code !== 0 && failedTests === 0 ? 1 : 0),
      skipped: count('skipped') + count('todo'),
    };
  } catch {
    // No report: counted as one failure above.
  }
  record(name, counts);
}

function skip(name, reason) {
  if (ci) {
    console.error(`\n=== ${name}: cannot run under CI: ${reason}`);
    record(name, { passed: 0, failed: 1, note: `FAILED: ${reason}` });
  } else {
    console.info(`\n=== ${name}: SKIPPED (${reason})`);
    record(name, { passed: 0, failed: 0, note: `SKIPPED: ${reason}` });
  }
}

function reachable(url) {
  return new Promise((resolve) => {
    let target;
    try {
      target = new URL(url);
    } catch {
      resolve(false);
      return;
    }
    const socket = net.connect({
      host: target.hostname || '127.0.0.1',
      port: Number(target.port || 5432),
    });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

await check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
await check('lint', bin('eslint'), ['.', '--max-warnings=0']);
await check('format', bin('prettier'), ['--check', '--log-level', 'warn', '.']);
await nodeTest('lint rules', 'scripts/lint-rules.test.mjs');
await nodeTest('doc references', 'scripts/doc-references.test.mjs');
await nodeTest('image build context', 'scripts/dockerignore.test.mjs');

await vitest('server (SQLite)', 'apps/server', { TEST_DATABASE_URL: '' });
const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) {
  skip('server (PostgreSQL)', 'TEST_DATABASE_URL is not set');
} else if (!(await reachable(postgresUrl))) {
  skip('server (PostgreSQL)', `PostgreSQL is not reachable at ${postgresUrl}`);
} else {
  await vitest('server (PostgreSQL)', 'apps/server', { TEST_DATABASE_URL: postgresUrl });
}

await vitest('web', 'apps/web');

if (!fs.existsSync(CHROMIUM_PATH)) {
  skip('browser journeys', `no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium)`);
} else {
  await buildAll();
  await vitest('browser journeys', 'e2e', { CHROMIUM_PATH });
}

console.info('\n=== Summary');
for (const row of rows) {
  const counts = `${row.passed} passed, ${row.failed} failed${row.skipped ? `, ${row.skipped} skipped` : ''}`;
  console.info(`  ${row.name.padEnd(22)} ${row.note ?? counts}`);
}
if (skippedTests) console.info(`${skippedTests} skipped`);
// The totals alone, as the last line: `N passed, N failed`.
const totals = `${passed} passed, ${failed} failed`;
fs.writeFileSync(path.join(resultsDir, 'totals.txt'), `${totals}\n`);
console.info(totals);
process.exit(failed > 0 ? 1 : 0);
