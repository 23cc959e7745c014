import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobTooLargeError, isValidKey } from './blob-store';
import { LocalBlobStore } from './local-blob-store';

let root: string;
let store: LocalBlobStore;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-blobs-'));
  store = new LocalBlobStore(root);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const tempFiles = () =>
  fs.existsSync(path.join(root, '.tmp')) ? fs.readdirSync(path.join(root, '.tmp')) : [];

describe('LocalBlobStore', () => {
  it('stores a stream under the key chosen from its hash, and reads it back', async () => {
    const stored = await store.save(
      Readable.from([Buffer.from('hello '), Buffer.from('world')]),
      (sha) => `images/${sha}.jpg`,
    );
    const sha256 = 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9';
    expect(stored).toEqual({ key: `images/${sha256}.jpg`, bytes: 11, sha256 });
    expect(await text(await store.open(stored.key))).toBe('hello world');
    expect(await text(await store.open(stored.key, { start: 6, end: 10 }))).toBe('world');
    const stat = await store.stat(stored.key);
    expect(stat?.bytes).toBe(11);
    expect(stat?.modifiedAt).toBeInstanceOf(Date);
    expect(tempFiles()).toEqual([]);
  });

  it('shows nothing at the key until every byte is in (atomic rename)', async () => {
    const source = new PassThrough();
    const saving = store.save(source, () => 'audio/song.mp3');
    source.write('first half ');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await store.stat('audio/song.mp3')).toBeNull();
    expect(fs.existsSync(path.join(root, 'audio/song.mp3'))).toBe(false);
    source.end('second half');
    await saving;
    expect(await text(await store.open('audio/song.mp3'))).toBe('first half second half');
  });

  it('rejects a stream over maxBytes and leaves no file, temporary or final', async () => {
    const big = Readable.from([Buffer.alloc(600), Buffer.alloc(600)]);
    await expect(store.save(big, () => 'audio/big.mp3', { maxBytes: 1000 })).rejects.toBeInstanceOf(
      BlobTooLargeError,
    );
    expect(await store.stat('audio/big.mp3')).toBeNull();
    expect(tempFiles()).toEqual([]);
  });

  it('cleans up when the source fails midway', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(store.save(failing, () => 'audio/broken.mp3')).rejects.toThrow('connection reset');
    expect(await store.stat('audio/broken.mp3')).toBeNull();
    expect(tempFiles()).toEqual([]);
  });

  it('refuses a key that could leave the root, leaving no temporary file', async () => {
    await expect(store.save(Readable.from(['x']), () => '../escape.txt')).rejects.toThrow(
      /invalid blob key/,
    );
    expect(fs.existsSync(path.join(root, '..', 'escape.txt'))).toBe(false);
    expect(tempFiles()).toEqual([]);
  });

  it('answers null or not-found for invalid and missing keys, never a file outside', async () => {
    fs.writeFileSync(path.join(path.dirname(root), 'outside.txt'), 'outside');
    for (const key of ['../outside.txt', '/etc/passwd', 'images/../../outside.txt', '.tmp/x']) {
      expect(store.pathOf(key)).toBeNull();
      expect(await store.stat(key)).toBeNull();
      await expect(store.open(key)).rejects.toMatchObject({ code: 'ENOENT' });
    }
    expect(await store.stat('images/missing.jpg')).toBeNull();
    await expect(store.open('images/missing.jpg')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('removes a blob, and a missing one without error', async () => {
    const stored = await store.save(Readable.from(['bytes']), () => 'audio/a.mp3');
    await store.remove(stored.key);
    expect(await store.stat(stored.key)).toBeNull();
    await expect(store.remove('audio/never.mp3')).resolves.toBeUndefined();
    await expect(store.remove('../outside.txt')).resolves.toBeUndefined();
  });

  it('reads a range into memory, and fails like open for missing keys or past the end', async () => {
    const stored = await store.save(Readable.from(['hello world']), () => 'audio/a.mp3');
    expect((await store.read(stored.key, { start: 0, end: 4 })).toString()).toBe('hello');
    expect((await store.read(stored.key, { start: 6, end: 10 })).toString()).toBe('world');
    await expect(store.read(stored.key, { start: 6, end: 11 })).rejects.toThrow(/ended before/);
    for (const key of ['audio/missing.mp3', '../outside.txt']) {
      await expect(store.read(key, { start: 0, end: 0 })).rejects.toMatchObject({ code: 'ENOENT' });
    }
  });

  it('caches stats, but never past a save or a removal through the store', async () => {
    const key = 'images/cover.jpg';
    await store.save(Readable.from(['first']), () => key);
    expect((await store.stat(key))?.bytes).toBe(5);
    expect((await store.read(key, { start: 0, end: 4 })).toString()).toBe('first');
    // Blobs do not change in place, so the cached stat stands for the file on disk.
    expect(await store.stat(key)).toBe(await store.stat(key));

    await store.save(Readable.from(['second!']), () => key);
    expect((await store.stat(key))?.bytes).toBe(7);
    expect((await store.read(key, { start: 0, end: 6 })).toString()).toBe('second!');

    await store.remove(key);
    expect(await store.stat(key)).toBeNull();
    await expect(store.read(key, { start: 0, end: 0 })).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('writes nothing until the first save, so a read-only folder can be served', () => {
    const readOnly = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-readonly-'));
    try {
      new LocalBlobStore(readOnly);
      expect(fs.readdirSync(readOnly)).toEqual([]);
    } finally {
      fs.rmSync(readOnly, { recursive: true, force: true });
    }
  });
});

describe('isValidKey', () => {
  it.each(['images/abc.jpg', 'audio/0190-abc.mp3', 'a', 'default-song.jpg'])(
    'accepts %s',
    (key) => {
      expect(isValidKey(key)).toBe(true);
    },
  );

  it.each([
    '',
    '../x',
    'a/../b',
    './a',
    'a/./b',
    '/abs',
    'a//b',
    'a/',
    'A.jpg',
    '.hidden',
    'a\\b',
    'a%2fb',
    'x'.repeat(201),
  ])('rejects %s', (key) => {
    expect(isValidKey(key)).toBe(false);
  });
});
