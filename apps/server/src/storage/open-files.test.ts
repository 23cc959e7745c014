import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OpenFiles } from './open-files';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-open-files-'));
  for (const name of ['a', 'b']) fs.writeFileSync(path.join(root, name), `content of ${name}`);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const file = (name: string) => path.join(root, name);
const descriptorOf = (files: OpenFiles, name: string) =>
  files.withDescriptor(file(name), async (fd) => fd);

/** Whether `fd` is still open, once the closes `files` started are done. */
async function isOpen(files: OpenFiles, fd: number): Promise<boolean> {
  await files.closed();
  try {
    fs.fstatSync(fd);
    return true;
  } catch {
    return false;
  }
}

describe('OpenFiles', () => {
  it('keeps a file open between uses and shares the descriptor', async () => {
    const files = new OpenFiles(4);
    const [first, second] = await Promise.all([descriptorOf(files, 'a'), descriptorOf(files, 'a')]);
    expect(second).toBe(first);
    expect(await descriptorOf(files, 'a')).toBe(first);
    expect(await isOpen(files, first)).toBe(true);
    files.forget(file('a'));
    expect(await isOpen(files, first)).toBe(false);
  });

  it('closes an evicted descriptor only once the reads using it are done', async () => {
    const files = new OpenFiles(1);
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let fdOfA = -1;
    let started = () => {};
    const readStarted = new Promise<void>((resolve) => (started = resolve));
    const reading = files.withDescriptor(file('a'), async (fd) => {
      fdOfA = fd;
      started();
      await finished;
      const buffer = Buffer.alloc(7);
      fs.readSync(fd, buffer, 0, 7, 0);
      return buffer.toString();
    });
    await readStarted;
    await descriptorOf(files, 'b');
    expect(await isOpen(files, fdOfA)).toBe(true);
    finish();
    expect(await reading).toBe('content');
    expect(await isOpen(files, fdOfA)).toBe(false);
  });

  it('opens afresh after a failure instead of keeping the broken entry', async () => {
    const files = new OpenFiles(4);
    await expect(descriptorOf(files, 'missing')).rejects.toMatchObject({ code: 'ENOENT' });
    fs.writeFileSync(file('missing'), 'here now');
    const fd = await descriptorOf(files, 'missing');
    await expect(
      files.withDescriptor(file('missing'), async () => {
        throw new Error('read failed');
      }),
    ).rejects.toThrow('read failed');
    expect(await isOpen(files, fd)).toBe(false);
    expect(await descriptorOf(files, 'missing')).toEqual(expect.any(Number));
  });
});
