import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileInFolder } from '../modules/library/library-paths';
import { LibraryObjectStore, libraryKeyOf } from './library-object-store';

let media: string;
let music: string;
let store: LibraryObjectStore;
/** The rows of this test: file id → path inside the music folder. */
const rows = new Map<string, string>();

beforeEach(() => {
  media = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-media-'));
  music = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-music-'));
  rows.clear();
  store = new LibraryObjectStore(media, async (id) => {
    const relative = rows.get(id);
    return relative === undefined ? null : fileInFolder(music, relative);
  });
});
afterEach(() => {
  fs.rmSync(media, { recursive: true, force: true });
  fs.rmSync(music, { recursive: true, force: true });
});

const bytes = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 251));
const read = async (stream: Readable) => Buffer.concat(await stream.toArray());

describe('LibraryObjectStore', () => {
  it('serves a file of a music folder by its row, whole and in ranges', async () => {
    fs.mkdirSync(path.join(music, 'Artist Ä'));
    fs.writeFileSync(path.join(music, 'Artist Ä', 'Song (live).MP3'), bytes);
    rows.set('0193a1b2-0000-7000-8000-000000000001', 'Artist Ä/Song (live).MP3');
    const key = libraryKeyOf('0193a1b2-0000-7000-8000-000000000001');

    expect(await store.head(key)).toMatchObject({ bytes: 1000, etag: expect.any(String) });
    expect((await read(await store.get(key))).equals(bytes)).toBe(true);
    const range = await read(await store.get(key, { start: 10, end: 19 }));
    expect(range.equals(bytes.subarray(10, 20))).toBe(true);
    const short = await store.getBytes(key, { start: 990, end: 999 });
    expect(short.equals(bytes.subarray(990))).toBe(true);
  });

  it('never writes or deletes in a music folder, and lists only the media folder', async () => {
    fs.writeFileSync(path.join(music, 'song.mp3'), bytes);
    rows.set('1', 'song.mp3');
    await expect(
      store.put(libraryKeyOf('1'), Readable.from([Buffer.from('x')]), {
        contentType: 'audio/mpeg',
      }),
    ).rejects.toThrow(/read-only/);
    await store.delete(libraryKeyOf('1'));
    expect(fs.readFileSync(path.join(music, 'song.mp3')).equals(bytes)).toBe(true);

    await store.put('audio/uploaded', Readable.from([bytes]), { contentType: 'audio/mpeg' });
    const listed: string[] = [];
    for await (const object of store.list()) listed.push(object.key);
    expect(listed).toEqual(['audio/uploaded']);
    await store.delete('audio/uploaded');
    expect(await store.head('audio/uploaded')).toBeNull();
  });

  it('finds nothing for an unknown id, a malformed key or a path that leaves the folder', async () => {
    fs.writeFileSync(path.join(media, 'secret'), 'media root');
    fs.writeFileSync(path.join(path.dirname(music), 'outside.mp3'), 'outside');
    rows.set('2', '../outside.mp3');
    rows.set('3', '/etc/passwd');
    for (const key of [
      libraryKeyOf('404'),
      libraryKeyOf('2'),
      libraryKeyOf('3'),
      'audio/library/../../secret',
      'audio/library/2/../3',
      'audio/library/',
    ]) {
      expect(await store.head(key), key).toBeNull();
      await expect(store.get(key), key).rejects.toMatchObject({ code: 'ENOENT' });
    }
    fs.rmSync(path.join(path.dirname(music), 'outside.mp3'));
  });
});

describe('fileInFolder', () => {
  it.each([
    ['a/b.mp3', true],
    ['..', false],
    ['a/../../b', false],
    ['/etc/passwd', false],
    ['a//b', false],
    ['./a', false],
    ['a\0b', false],
    ['', false],
  ])('%j inside the folder: %s', (relative, inside) => {
    const resolved = fileInFolder('/music', relative);
    expect(resolved !== null).toBe(inside);
    if (resolved) expect(resolved.startsWith('/music/')).toBe(true);
  });
});
