import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileInFolder } from '../modules/library/library-paths';
import { LibraryObjectStore, libraryKeyOf } from './library-object-store';
import { identityOf, type ScannedFile } from './scanned-files';

let media: string;
let music: string;
let store: LibraryObjectStore;
/** The rows of this test: file id → path inside the music folder. */
const rows = new Map<string, string>();
/** What each row was when "scanned": the file as it was the first time it was asked for. */
const scanned = new Map<string, ScannedFile>();
/** The ids the store found stale, in order. */
const stale: string[] = [];

function factsOf(id: string): ScannedFile | null {
  const relative = rows.get(id);
  const file = relative === undefined ? null : fileInFolder(music, relative);
  if (file === null) return null;
  const known = scanned.get(id);
  if (known) return known;
  const stats = fs.lstatSync(file, { bigint: true, throwIfNoEntry: false });
  const facts: ScannedFile = {
    folder: music,
    file,
    bytes: Number(stats?.size ?? 0),
    mtimeMs: Number((stats?.mtimeNs ?? 0n) / 1_000_000n),
    identity: stats ? identityOf(stats) : null,
  };
  scanned.set(id, facts);
  return facts;
}

beforeEach(() => {
  media = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-media-'));
  music = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-music-'));
  rows.clear();
  scanned.clear();
  stale.length = 0;
  store = new LibraryObjectStore(media, {
    find: async (id) => factsOf(id),
    stale: (id) => void stale.push(id),
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

  /** Rows by id (ids are hex, as the keys' are). */
  const IDS = { a1: 'link', a2: 'other', a3: 'same', a4: 'moved', a5: 'kept' };

  it('refuses a scanned file swapped for a link, another file, or reached through a link', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-outside-'));
    try {
      fs.writeFileSync(path.join(outside, 'secret'), bytes);
      fs.mkdirSync(path.join(music, 'Album'));
      for (const name of ['link.mp3', 'other.mp3', 'same.mp3', 'moved.mp3']) {
        fs.writeFileSync(path.join(music, 'Album', name), bytes);
      }
      fs.writeFileSync(path.join(music, 'Album', 'kept.mp3'), bytes);
      for (const [id, name] of Object.entries(IDS)) {
        rows.set(id, `Album/${name}.mp3`);
        expect(await store.head(libraryKeyOf(id)), name).not.toBeNull();
      }

      // A link to a file outside, of the very same size.
      fs.rmSync(path.join(music, 'Album', 'link.mp3'));
      fs.symlinkSync(path.join(outside, 'secret'), path.join(music, 'Album', 'link.mp3'));
      // Another file of another size.
      fs.writeFileSync(path.join(music, 'Album', 'other.mp3'), Buffer.concat([bytes, bytes]));
      // Another file of the same size and time: another inode.
      const same = path.join(music, 'Album', 'same.mp3');
      const { atime, mtime } = fs.statSync(same);
      fs.rmSync(same);
      fs.writeFileSync(same, bytes);
      fs.utimesSync(same, atime, mtime);
      // The whole directory moved away, and a link to it put in its place.
      fs.renameSync(path.join(music, 'Album'), path.join(outside, 'Album'));
      fs.symlinkSync(path.join(outside, 'Album'), path.join(music, 'Album'));

      for (const [id, name] of Object.entries(IDS)) {
        const key = libraryKeyOf(id);
        expect(await store.head(key), name).toBeNull();
        await expect(store.get(key), name).rejects.toMatchObject({ code: 'ENOENT' });
        await expect(store.getBytes(key, { start: 0, end: 9 }), name).rejects.toMatchObject({
          code: 'ENOENT',
        });
      }
      expect(new Set(stale)).toEqual(new Set(Object.keys(IDS)));
    } finally {
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  it('checks a row scanned before identities were kept on its size and time', async () => {
    fs.writeFileSync(path.join(music, 'old.mp3'), bytes);
    rows.set('b1', 'old.mp3');
    const facts = factsOf('b1');
    if (!facts) throw new Error('no facts');
    scanned.set('b1', { ...facts, identity: null });
    expect(await store.head(libraryKeyOf('b1'))).toMatchObject({ bytes: 1000 });

    fs.appendFileSync(path.join(music, 'old.mp3'), 'more');
    expect(await store.head(libraryKeyOf('b1'))).toBeNull();
    expect(stale).toEqual(['b1']);
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
