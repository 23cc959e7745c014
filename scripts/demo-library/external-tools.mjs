import { spawnSync } from 'node:child_process';

const REQUIRED_TOOLS = [
  { command: 'lame', probe: ['--version'] },
  { command: 'ffmpeg', probe: ['-version'] },
  { command: 'ffprobe', probe: ['-version'] },
];

/** Stops with an install hint when an encoder is missing; the product itself never needs them. */
export function assertToolsInstalled() {
  const missing = REQUIRED_TOOLS.filter(
    ({ command, probe }) => spawnSync(command, probe, { stdio: 'ignore' }).error,
  );
  if (missing.length === 0) return;
  const names = missing.map(({ command }) => command).join(', ');
  console.error(
    `Missing ${names}. The demo library generator needs lame and ffmpeg (ffprobe ships with ffmpeg).`,
  );
  console.error('On Debian or Ubuntu:  sudo apt-get install -y lame ffmpeg');
  console.error('On macOS (Homebrew):  brew install lame ffmpeg');
  process.exit(1);
}

export function run(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) throw result.error;
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr}`);
  return result.stdout;
}
