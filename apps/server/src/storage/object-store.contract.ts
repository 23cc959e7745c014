import { createHash, randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  isObjectNotFound,
  ObjectTooLargeError,
  type ObjectInventory,
  type ObjectStore,
} from './object-store';

export interface ContractSubject {
  readonly store: ObjectStore & ObjectInventory;
  /** Removes whatever the store holds; called after each test. */
  cleanup(): Promise<void>;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** Bytes that differ at every position, so a range off by one is seen. */
const counting = (length: number, seed = 0) =>
  Buffer.from(Array.from({ length }, (_, index) => (index * 7 + seed) % 256));
const streamOf = (...chunks: Buffer[]) => Readable.from(chunks);
const contentType = 'application/octet-stream';
/** Far enough ahead that every unfinished write counts as stale. */
const later = () => new Date(Date.now() + 24 * 60 * 60 * 1000);

/** A stream that sends `first`, then fails. */
function failingAfter(first: Buffer): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (sent) {
        this.destroy(new Error('connection reset'));
        return;
      }
      sent = true;
      this.push(first);
    },
  });
}

/**
 * The behaviour every `ObjectStore` (with its `ObjectInventory`) must have, as vitest tests. The
 * suite speaks only through the port, so a store on another medium (S3) runs it unchanged; the
 * keys live under a fresh prefix, so a shared bucket does too.
 */
export interface ContractOptions {
  /**
   * Whether the store hands out signed URLs that clients fetch directly (S3 does; local disk
   * does not, and its objects are served by the /media routes instead).
   */
  readonly signedUrls: boolean;
}

export function describeObjectStoreContract(
  name: string,
  setup: () => Promise<ContractSubject>,
  options: ContractOptions,
): void {
  describe(`${name} (object store contract)`, () => {
    let subject: ContractSubject;
    let store: ObjectStore & ObjectInventory;
    let prefix: string;
    const keyOf = (name: string) => `${prefix}/${name}`;
    const contentOf = async (key: string) => buffer(await store.get(key));
    const keysListed = async () => {
      const keys: string[] = [];
      for await (const listing of store.list()) {
        if (listing.key.startsWith(`${prefix}/`)) keys.push(listing.key);
      }
      return keys.sort();
    };
    /** Unfinished writes are what a failed put could leave: there must be none. */
    const expectNoLeftovers = async () => {
      expect(await store.removeStaleTemporaries(later())).toEqual([]);
    };

    beforeEach(async () => {
      subject = await setup();
      store = subject.store;
      prefix = `contract-${randomUUID()}`;
    });
    afterEach(() => subject.cleanup());

    describe('put', () => {
      it('answers the size, the SHA-256 and the tag of what it stored', async () => {
        const content = counting(70_000);
        const key = keyOf('audio');
        const put = await store.put(
          key,
          streamOf(content.subarray(0, 1000), content.subarray(1000)),
          { contentType: 'audio/mpeg' },
        );
        expect(put).toEqual({ bytes: content.length, sha256: sha256(content), etag: put.etag });
        expect(put.etag).toMatch(/^(W\/)?"[^"]+"$/);
        expect((await contentOf(key)).equals(content)).toBe(true);
        const head = await store.head(key);
        expect(head).toMatchObject({ bytes: content.length, etag: put.etag });
        expect(head?.modifiedAt).toBeInstanceOf(Date);
        expect([undefined, 'audio/mpeg']).toContain(head?.contentType);
        await expectNoLeftovers();
      });

      it('stores an empty object', async () => {
        const key = keyOf('empty');
        const put = await store.put(key, streamOf(), { contentType });
        expect(put).toMatchObject({ bytes: 0, sha256: sha256(Buffer.alloc(0)) });
        expect((await store.head(key))?.bytes).toBe(0);
        expect((await contentOf(key)).length).toBe(0);
      });

      it('shows nothing at the key until every byte is in', async () => {
        const key = keyOf('slow');
        const source = new PassThrough();
        const putting = store.put(key, source, { contentType });
        source.write(Buffer.from('first half '));
        await new Promise((resolve) => setImmediate(resolve));
        expect(await store.head(key)).toBeNull();
        await expect(store.get(key)).rejects.toSatisfy(isObjectNotFound);
        source.end(Buffer.from('second half'));
        await putting;
        expect((await contentOf(key)).toString()).toBe('first half second half');
      });

      it('replaces an object whole, with a new tag even at the same size', async () => {
        const key = keyOf('cover');
        const first = await store.put(key, streamOf(Buffer.from('first')), { contentType });
        expect((await store.getBytes(key, { start: 0, end: 4 })).toString()).toBe('first');
        expect((await store.head(key))?.etag).toBe(first.etag);

        const second = await store.put(key, streamOf(Buffer.from('other')), { contentType });
        expect(second.etag).not.toBe(first.etag);
        expect(await store.head(key)).toMatchObject({ bytes: 5, etag: second.etag });
        expect((await contentOf(key)).toString()).toBe('other');
        expect((await store.getBytes(key, { start: 0, end: 4 })).toString()).toBe('other');

        await store.put(key, streamOf(Buffer.from('longer content')), { contentType });
        expect((await store.head(key))?.bytes).toBe(14);
        expect((await contentOf(key)).toString()).toBe('longer content');
      });

      it('refuses a stream over maxBytes and leaves nothing, not even a temporary', async () => {
        const key = keyOf('big');
        await expect(
          store.put(key, streamOf(Buffer.alloc(600), Buffer.alloc(600)), {
            contentType,
            maxBytes: 1000,
          }),
        ).rejects.toBeInstanceOf(ObjectTooLargeError);
        expect(await store.head(key)).toBeNull();
        expect(await keysListed()).toEqual([]);
        await expectNoLeftovers();
      });

      it('takes a stream of exactly maxBytes', async () => {
        const key = keyOf('exact');
        const put = await store.put(key, streamOf(Buffer.alloc(1000)), {
          contentType,
          maxBytes: 1000,
        });
        expect(put.bytes).toBe(1000);
      });

      it('leaves nothing when the stream fails midway', async () => {
        const key = keyOf('broken');
        await expect(
          store.put(key, failingAfter(Buffer.from('partial')), { contentType }),
        ).rejects.toThrow('connection reset');
        expect(await store.head(key)).toBeNull();
        expect(await keysListed()).toEqual([]);
        await expectNoLeftovers();
      });

      it('keeps the old content when a put over it fails or is too large', async () => {
        const key = keyOf('kept');
        const kept = await store.put(key, streamOf(Buffer.from('kept')), { contentType });
        await expect(
          store.put(key, failingAfter(Buffer.from('partial')), { contentType }),
        ).rejects.toThrow('connection reset');
        await expect(
          store.put(key, streamOf(Buffer.alloc(50)), { contentType, maxBytes: 10 }),
        ).rejects.toBeInstanceOf(ObjectTooLargeError);
        expect(await store.head(key)).toMatchObject({ bytes: 4, etag: kept.etag });
        expect((await contentOf(key)).toString()).toBe('kept');
        await expectNoLeftovers();
      });

      it('refuses a key that could leave the store, storing nothing', async () => {
        for (const key of ['../escape', '/absolute', `${prefix}/../escape`, 'Upper', 'a//b']) {
          await expect(store.put(key, streamOf(Buffer.from('x')), { contentType })).rejects.toThrow(
            /invalid object key/,
          );
          expect(await store.head(key)).toBeNull();
        }
        await expectNoLeftovers();
      });

      it('stores concurrent puts of different keys, each whole', async () => {
        const contents = Array.from({ length: 12 }, (_, index) => counting(5000 + index, index));
        const puts = await Promise.all(
          contents.map((content, index) =>
            store.put(keyOf(`many/${index}`), streamOf(content), { contentType }),
          ),
        );
        for (const [index, content] of contents.entries()) {
          expect(puts[index]?.sha256).toBe(sha256(content));
          expect((await contentOf(keyOf(`many/${index}`))).equals(content)).toBe(true);
        }
        expect(await keysListed()).toEqual(
          contents.map((_, index) => keyOf(`many/${index}`)).sort(),
        );
        await expectNoLeftovers();
      });

      it('ends concurrent puts of one key with one of them whole, never a mix', async () => {
        const key = keyOf('contested');
        const contents = Array.from({ length: 8 }, (_, index) => counting(20_000, index + 1));
        const puts = await Promise.all(
          contents.map((content) =>
            store.put(key, streamOf(content.subarray(0, 7000), content.subarray(7000)), {
              contentType,
            }),
          ),
        );
        const stored = await contentOf(key);
        const winner = contents.findIndex((content) => content.equals(stored));
        expect(winner).toBeGreaterThanOrEqual(0);
        expect((await store.head(key))?.etag).toBe(puts[winner]?.etag);
        expect(await keysListed()).toEqual([key]);
        await expectNoLeftovers();
      });
    });

    describe('get and getBytes', () => {
      const content = counting(300_000);
      let key: string;
      beforeEach(async () => {
        key = keyOf('long');
        await store.put(key, streamOf(content), { contentType });
      });

      it.each([
        [0, 0],
        [0, 99],
        [1000, 1999],
        [299_999, 299_999],
        [100_000, 299_999],
      ])('reads the range %i–%i, streamed and into memory', async (start, end) => {
        const expected = content.subarray(start, end + 1);
        expect((await buffer(await store.get(key, { start, end }))).equals(expected)).toBe(true);
        expect((await store.getBytes(key, { start, end })).equals(expected)).toBe(true);
      });

      it('reads the whole object without a range', async () => {
        expect((await contentOf(key)).equals(content)).toBe(true);
      });

      it('fails to read into memory past the end', async () => {
        await expect(store.getBytes(key, { start: 299_990, end: 300_000 })).rejects.toThrow();
      });
    });

    describe('missing keys', () => {
      it('has no head, no content and nothing to delete', async () => {
        const key = keyOf('missing');
        expect(await store.head(key)).toBeNull();
        await expect(store.get(key)).rejects.toSatisfy(isObjectNotFound);
        await expect(store.get(key, { start: 0, end: 0 })).rejects.toSatisfy(isObjectNotFound);
        await expect(store.getBytes(key, { start: 0, end: 0 })).rejects.toSatisfy(isObjectNotFound);
        await expect(store.delete(key)).resolves.toBeUndefined();
      });

      it('answers the same for a key no object could have', async () => {
        for (const key of ['../outside', '/etc/passwd', `${prefix}/../../outside`, '.tmp/x']) {
          expect(await store.head(key)).toBeNull();
          await expect(store.get(key)).rejects.toSatisfy(isObjectNotFound);
          await expect(store.getBytes(key, { start: 0, end: 0 })).rejects.toSatisfy(
            isObjectNotFound,
          );
          await expect(store.delete(key)).resolves.toBeUndefined();
        }
      });
    });

    describe('delete', () => {
      it('removes an object for every reader, once and for all', async () => {
        const key = keyOf('gone');
        await store.put(key, streamOf(Buffer.from('bytes')), { contentType });
        expect((await store.getBytes(key, { start: 0, end: 4 })).toString()).toBe('bytes');
        await store.delete(key);
        expect(await store.head(key)).toBeNull();
        await expect(store.get(key)).rejects.toSatisfy(isObjectNotFound);
        await expect(store.getBytes(key, { start: 0, end: 0 })).rejects.toSatisfy(isObjectNotFound);
        expect(await keysListed()).toEqual([]);
        await expect(store.delete(key)).resolves.toBeUndefined();
      });

      it('leaves the other objects alone', async () => {
        await store.put(keyOf('a'), streamOf(Buffer.from('a')), { contentType });
        await store.put(keyOf('b'), streamOf(Buffer.from('b')), { contentType });
        await store.delete(keyOf('a'));
        expect((await contentOf(keyOf('b'))).toString()).toBe('b');
      });
    });

    describe('inventory', () => {
      it('lists every object with its last write', async () => {
        const before = Date.now() - 60_000;
        for (const name of ['audio/one', 'images/two', 'three']) {
          await store.put(keyOf(name), streamOf(Buffer.from(name)), { contentType });
        }
        const listed: Array<{ key: string; modifiedAt: Date }> = [];
        for await (const listing of store.list()) {
          if (listing.key.startsWith(`${prefix}/`)) listed.push(listing);
        }
        expect(listed.map((listing) => listing.key).sort()).toEqual(
          ['audio/one', 'images/two', 'three'].map(keyOf).sort(),
        );
        for (const listing of listed) {
          expect(listing.modifiedAt.getTime()).toBeGreaterThan(before);
        }
      });

      it('removes no unfinished write younger than the cut-off', async () => {
        const source = new PassThrough();
        const putting = store.put(keyOf('in-progress'), source, { contentType });
        source.write(Buffer.alloc(1000));
        await new Promise((resolve) => setImmediate(resolve));
        expect(await store.removeStaleTemporaries(new Date(Date.now() - 60_000))).toEqual([]);
        source.end(Buffer.alloc(1000));
        expect((await putting).bytes).toBe(2000);
      });
    });

    describe('signed URLs', () => {
      if (!options.signedUrls) {
        it('offers none, so that the server serves the objects itself', () => {
          expect(!store.signedGetUrl).toBe(true);
        });
        return;
      }
      it('lets a client fetch the object directly, with the asked disposition', async () => {
        if (!store.signedGetUrl) throw new Error('This store offers no signed URLs.');
        const key = keyOf('signed');
        const content = counting(2000);
        await store.put(key, streamOf(content), { contentType: 'audio/mpeg' });
        const url = await store.signedGetUrl(key, 60, { disposition: 'attachment; filename="a"' });
        const response = await fetch(url);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-disposition')).toBe('attachment; filename="a"');
        expect(Buffer.from(await response.arrayBuffer()).equals(content)).toBe(true);
      });
    });
  });
}
