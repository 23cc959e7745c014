// The facts of the machine a benchmark ran on, printed beside its figures.
import fs from 'node:fs';
import os from 'node:os';

function cpuModel(): string {
  try {
    const cpuinfo = fs.readFileSync('/proc/cpuinfo', 'utf8');
    const model = /model name\s*:\s*(.+)/.exec(cpuinfo)?.[1];
    if (model) return model;
  } catch {
    // Not Linux: os.cpus() names the model too.
  }
  return os.cpus()[0]?.model ?? 'unknown CPU';
}

/** One line: CPUs, model, memory, Node version. */
export function machineLine(): string {
  const memory = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `${os.availableParallelism()} CPUs (nproc), ${cpuModel()}, ${memory} GiB memory, Node ${process.version}`;
}

/** The 1-, 5- and 15-minute load averages, as `uptime` shows them. */
export function loadAverageLine(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');
}

export function today(): string {
  return new Date().toISOString().slice(0, 10);
}
