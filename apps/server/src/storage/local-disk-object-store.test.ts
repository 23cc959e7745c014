import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiskObjectStore } from './local-disk-object-store';
import { describeObjectStoreContract } from './object-store.contract';
import { isValidKey, ObjectTooLargeError } from './object-store';

describeObjectStoreContract(
  'LocalDiskObjectStore',
  async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-objects-'));
    return {
      store: new LocalDiskObjectStore(root),
      cleanup: async () => fs.rmSync(root, { recursive: true, force: true }),
    };
  },
  { signedUrls: false },
);

let root: string;
let store: LocalDiskObjectStore;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-blobs-'));
  store = new LocalDiskObjectStore(root);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const tempFiles = () =>
  fs.existsSync(path.join(root, '.tmp')) ? fs.readdirSync(path.join(root, '.tmp')) : [];
const options = { contentType: 'application/octet-stream' };

describe('LocalDiskObjectStore', () => {
  it('stores a stream under its key as a file, and reads it back', async () => {
    const key = 'images/0190a0a0-0000-7000-8000-000000000001';
    const stored = await store.put(
      key,
      Readable.from([Buffer.from('hello '), Buffer.from('world')]),
      options,
    );
    const sha256 = 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9';
    expect(stored).toEqual({ bytes: 11, sha256, etag: expect.any(String) });
    expect(fs.readFileSync(path.join(root, key), 'utf8')).toBe('hello world');
    expect(await text(await store.get(key))).toBe('hello world');
    expect(await text(await store.get(key, { start: 6, end: 10 }))).toBe('world');
    const head = await store.head(key);
    expect(head?.bytes).toBe(11);
    expect(head?.modifiedAt).toBeInstanceOf(Date);
    expect(tempFiles()).toEqual([]);
  });

  it('shows nothing at the key until every byte is in (atomic rename)', async () => {
    const source = new PassThrough();
    const saving = store.put('audio/song', source, options);
    source.write('first half ');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await store.head('audio/song')).toBeNull();
    expect(fs.existsSync(path.join(root, 'audio/song'))).toBe(false);
    source.end('second half');
    await saving;
    expect(await text(await store.get('audio/song'))).toBe('first half second half');
  });

  it('rejects a stream over maxBytes and leaves no file, temporary or final', async () => {
    const big = Readable.from([Buffer.alloc(600), Buffer.alloc(600)]);
    await expect(
      store.put('audio/big', big, { ...options, maxBytes: 1000 }),
    ).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await store.head('audio/big')).toBeNull();
    expect(tempFiles()).toEqual([]);
  });

  it('cleans up when the source fails midway', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(store.put('audio/broken', failing, options)).rejects.toThrow('connection reset');
    expect(await store.head('audio/broken')).toBeNull();
    expect(tempFiles()).toEqual([]);
  });

  it('refuses a key that could leave the root, writing nothing', async () => {
    await expect(store.put('../escape.txt', Readable.from(['x']), options)).rejects.toThrow(
      /invalid object key/,
    );
    expect(fs.existsSync(path.join(root, '..', 'escape.txt'))).toBe(false);
    expect(tempFiles()).toEqual([]);
  });

  it('answers null or not-found for invalid and missing keys, never a file outside', async () => {
    fs.writeFileSync(path.join(path.dirname(root), 'outside.txt'), 'outside');
    for (const key of ['../outside.txt', '/etc/passwd', 'images/../../outside.txt', '.tmp/x']) {
      expect(store.pathOf(key)).toBeNull();
      expect(await store.localPath(key)).toBeNull();
      expect(await store.head(key)).toBeNull();
      await expect(store.get(key)).rejects.toMatchObject({ code: 'ENOENT' });
    }
    expect(await store.head('images/missing.jpg')).toBeNull();
    expect(await store.localPath('images/missing.jpg')).toBeNull();
    await expect(store.get('images/missing.jpg')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('tells where a stored object is on disk, for a program that reads files', async () => {
    await store.put('audio/on-disk', Readable.from(['bytes']), options);
    const file = await store.localPath('audio/on-disk');
    expect(file).toBe(path.join(root, 'audio', 'on-disk'));
    expect(fs.readFileSync(file!, 'utf8')).toBe('bytes');
    expect(await store.localPath('audio')).toBeNull();
  });

  it('removes a file, and a missing one without error', async () => {
    await store.put('audio/a', Readable.from(['bytes']), options);
    await store.delete('audio/a');
    expect(await store.head('audio/a')).toBeNull();
    expect(fs.existsSync(path.join(root, 'audio/a'))).toBe(false);
    await expect(store.delete('audio/never')).resolves.toBeUndefined();
    await expect(store.delete('../outside.txt')).resolves.toBeUndefined();
  });

  it('reads a range into memory, and fails like get for missing keys or past the end', async () => {
    await store.put('audio/a', Readable.from(['hello world']), options);
    expect((await store.getBytes('audio/a', { start: 0, end: 4 })).toString()).toBe('hello');
    expect((await store.getBytes('audio/a', { start: 6, end: 10 })).toString()).toBe('world');
    await expect(store.getBytes('audio/a', { start: 6, end: 11 })).rejects.toThrow(/ended before/);
    for (const key of ['audio/missing', '../outside.txt']) {
      await expect(store.getBytes(key, { start: 0, end: 0 })).rejects.toMatchObject({
        code: 'ENOENT',
      });
    }
  });

  it('caches heads, but never past a put or a delete through the store', async () => {
    const key = 'images/cover';
    await store.put(key, Readable.from(['first']), options);
    expect((await store.head(key))?.bytes).toBe(5);
    expect((await store.getBytes(key, { start: 0, end: 4 })).toString()).toBe('first');
    // Objects do not change in place, so the cached head stands for the file on disk.
    expect(await store.head(key)).toBe(await store.head(key));

    await store.put(key, Readable.from(['second!']), options);
    expect((await store.head(key))?.bytes).toBe(7);
    expect((await store.getBytes(key, { start: 0, end: 6 })).toString()).toBe('second!');

    await store.delete(key);
    expect(await store.head(key)).toBeNull();
    await expect(store.getBytes(key, { start: 0, end: 0 })).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('keeps no content type: the rows that name an object know it', async () => {
    await store.put('images/typed', Readable.from(['x']), { contentType: 'image/png' });
    expect((await store.head('images/typed'))?.contentType).toBeUndefined();
  });

  it('lists files that are not under a valid key nowhere', async () => {
    await store.put('audio/a', Readable.from(['a']), options);
    fs.writeFileSync(path.join(root, 'audio', 'Upper.MP3'), 'not an object');
    fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
    fs.writeFileSync(path.join(root, '.tmp', 'half'), 'an unfinished write');
    const keys: string[] = [];
    for await (const listing of store.list()) keys.push(listing.key);
    expect(keys).toEqual(['audio/a']);
  });

  it('writes nothing until the first put, so a read-only folder can be served', () => {
    const readOnly = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-readonly-'));
    try {
      new LocalDiskObjectStore(readOnly);
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

describe('LocalDiskObjectStore and links', () => {
  it('never follows a link, in the key or on its way, out of the folder or inside it', async () => {
    const beside = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-beside-'));
    try {
      fs.writeFileSync(path.join(beside, 'jwt-secret'), 'top secret');
      fs.mkdirSync(path.join(beside, 'images'));
      fs.writeFileSync(path.join(beside, 'images', 'outside'), 'top secret');
      await store.put('audio/real', Readable.from([Buffer.from('stored')]), options);
      fs.symlinkSync(path.join(beside, 'jwt-secret'), path.join(root, 'audio', 'secret'));
      fs.symlinkSync(path.join(root, 'audio', 'real'), path.join(root, 'audio', 'alias'));
      fs.symlinkSync(path.join(beside, 'images'), path.join(root, 'images'));

      for (const key of ['audio/secret', 'audio/alias', 'images/outside']) {
        expect(await store.head(key), key).toBeNull();
        await expect(store.get(key), key).rejects.toMatchObject({ code: 'ENOENT' });
        await expect(store.getBytes(key, { start: 0, end: 1 }), key).rejects.toMatchObject({
          code: 'ENOENT',
        });
      }
      expect(await text(await store.get('audio/real'))).toBe('stored');
    } finally {
      fs.rmSync(beside, { recursive: true, force: true });
    }
  });

  it('serves a folder that is itself reached through a link', async () => {
    const linked = `${root}-linked`;
    fs.symlinkSync(root, linked);
    try {
      const through = new LocalDiskObjectStore(linked);
      await through.put('audio/real', Readable.from([Buffer.from('stored')]), options);
      expect(await through.head('audio/real')).toMatchObject({ bytes: 6 });
      expect(await text(await through.get('audio/real'))).toBe('stored');
    } finally {
      fs.rmSync(linked);
    }
  });
});
