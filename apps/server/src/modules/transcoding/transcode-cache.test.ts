import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalDiskObjectStore } from '../../storage/local-disk-object-store';
import { TranscodeCache } from './transcode-cache';

const log = Fastify({ logger: false }).log;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function cacheIn(dir: string, limitBytes: number) {
  return new TranscodeCache(new LocalDiskObjectStore(dir), limitBytes, log);
}
const of = (audioKey: string) => ({ audioKey, format: 'mp3' as const, kbps: 128 });
const bytes = (size: number) => Readable.from([Buffer.alloc(size, 1)]);

describe('the cache of finished transcodes', () => {
  it('keeps a transcode ffmpeg finished, not one it did not', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-transcodes-'));
    dirs.push(dir);
    const cache = cacheIn(dir, 10_000);
    await cache.keep(of('audio/a'), bytes(100), Promise.resolve(true));
    await cache.keep(of('audio/b'), bytes(100), Promise.resolve(false));
    expect(await cache.find(of('audio/a'))).toBe(cache.keyOf(of('audio/a')));
    expect(await cache.find(of('audio/b'))).toBeNull();
    expect(fs.readdirSync(dir).filter((name) => !name.startsWith('.'))).toEqual([
      cache.keyOf(of('audio/a')),
    ]);
    expect(cache.bytes).toBe(100);
  });

  it('drops the least recently used past its limit, and after a restart at a lower one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-transcodes-'));
    dirs.push(dir);
    const cache = cacheIn(dir, 250);
    for (const key of ['audio/a', 'audio/b'])
      await cache.keep(of(key), bytes(100), Promise.resolve(true));
    await cache.find(of('audio/a')); // b is now the least recently used
    await cache.keep(of('audio/c'), bytes(100), Promise.resolve(true));
    expect(await cache.find(of('audio/b'))).toBeNull();
    expect(await cache.find(of('audio/a'))).not.toBeNull();
    expect(cache.bytes).toBe(200);

    const restarted = cacheIn(dir, 150);
    expect(
      (await restarted.find(of('audio/a'))) ?? (await restarted.find(of('audio/c'))),
    ).not.toBeNull();
    expect(restarted.bytes).toBe(100);
  });

  it('gives a transcode whole: the one being made, or one made anew when that was cut short', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-transcodes-'));
    dirs.push(dir);
    const cache = cacheIn(dir, 10_000);
    let started = 0;
    const start = () => {
      started += 1;
      return Promise.resolve({ output: bytes(300), finished: Promise.resolve(true) });
    };

    // A listener's stream being made, then cut short when they leave.
    let leave: (finished: boolean) => void = () => undefined;
    const listened = new PassThrough();
    listened.write(Buffer.alloc(50, 1));
    const kept = cache.keep(of('audio/a'), listened, new Promise((resolve) => (leave = resolve)));
    const whole = cache.whole(of('audio/a'), start);
    listened.destroy(new Error('the transcode was cut short'));
    leave(false);
    await kept;
    expect(await whole).toBe(cache.keyOf(of('audio/a')));
    expect(started).toBe(1);
    expect(cache.bytes).toBe(300);

    // Kept now: nothing more is made.
    expect(await cache.whole(of('audio/a'), start)).toBe(cache.keyOf(of('audio/a')));
    expect(started).toBe(1);
  });

  it('keeps nothing when its limit is 0', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-transcodes-'));
    dirs.push(dir);
    const cache = cacheIn(dir, 0);
    expect(cache.enabled).toBe(false);
    expect(await cache.find(of('audio/a'))).toBeNull();
  });
});
