import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AUDIO_FIXTURES_DIR } from '../../../test/audio-corpus';
import { ASSETS_DIR } from '../../../test/test-app';
import { readLibraryFile } from './library-file-read';
import { LibraryFileReaders } from './library-file-readers';

const opened: LibraryFileReaders[] = [];
afterEach(async () => {
  for (const readers of opened.splice(0)) await readers.close();
});

function readers(threads: number): LibraryFileReaders {
  const made = new LibraryFileReaders({ threads });
  opened.push(made);
  return made;
}

const fixture = (name: string) => {
  const file = path.join(AUDIO_FIXTURES_DIR, name);
  return { file, bytes: fs.statSync(file).size };
};

describe('reading a scan’s files on a reader thread', () => {
  it('finds what reading them here finds: hash, type, tags and counted length', async () => {
    for (const name of ['apev2-tags.mp3', 'no-xing-header.mp3', 'tagged.opus', 'layer2.mp2']) {
      const { file, bytes } = fixture(name);
      const here = await readLibraryFile(file, bytes);
      const there = await readers(1).read(file, bytes);
      expect(there, name).toEqual(here);
    }
  });

  it('hands over an embedded picture as a Buffer', async () => {
    const demo = path.join(ASSETS_DIR, 'demo', '01-postcards-from-the-overpass.mp3');
    const read = await readers(1).read(demo, fs.statSync(demo).size);
    const picture = read.parsed?.tags.picture;
    expect(Buffer.isBuffer(picture?.data)).toBe(true);
    expect(picture?.data).toEqual(
      (await readLibraryFile(demo, fs.statSync(demo).size)).parsed?.tags.picture?.data,
    );
  });

  it('fails a file that cannot be read with its code, and goes on with the next', async () => {
    const threaded = readers(1);
    const missing = path.join(AUDIO_FIXTURES_DIR, 'no such file.mp3');
    await expect(threaded.read(missing, 10)).rejects.toMatchObject({ code: 'ENOENT' });
    const { file, bytes } = fixture('tagged.opus');
    const read = await threaded.read(file, bytes);
    expect(read.parsed?.tags.title).toBe('Testcase');
  });

  it('reads in this thread when it has none', async () => {
    const { file, bytes } = fixture('tagged.opus');
    expect(await readers(0).read(file, bytes)).toEqual(await readLibraryFile(file, bytes));
  });
});
