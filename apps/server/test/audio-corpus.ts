import fs from 'node:fs';
import path from 'node:path';

/** test/fixtures/audio: small real-world files (see its README for where each comes from). */
export const AUDIO_FIXTURES_DIR = path.resolve(import.meta.dirname, 'fixtures/audio');

export function audioFixture(name: string): Buffer {
  return fs.readFileSync(path.join(AUDIO_FIXTURES_DIR, name));
}
