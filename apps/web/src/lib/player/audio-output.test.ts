import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSong } from '@/test/mock-api/factories';

/** A fresh copy of the module: the element is made once per page. */
const freshOutput = async () => {
  vi.resetModules();
  return import('./audio-output');
};

const players = () => document.querySelectorAll('audio[data-testid="player-audio"]');

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  for (const audio of players()) audio.remove();
});

describe('the player’s <audio> element', () => {
  it('is made while the page is idle, so that a first start only sets its source', async () => {
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const output = await freshOutput();
    output.prepareAudioElement();
    expect(players()).toHaveLength(0);
    idle.forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 10 }));
    expect(players()).toHaveLength(1);

    const bodyChanges: MutationRecord[] = [];
    const observer = new MutationObserver((records) => bodyChanges.push(...records));
    observer.observe(document.body, { childList: true });
    output.startSong(makeSong('a'), { volume: 1, muted: false }, () => undefined);
    await Promise.resolve();
    observer.disconnect();
    expect(bodyChanges).toEqual([]);
    expect(players()[0]?.getAttribute('src')).toBe(makeSong('a').audioFile);
  });

  it('is made after a short wait where the browser has no idle callbacks', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const output = await freshOutput();
    output.prepareAudioElement();
    expect(players()).toHaveLength(0);
    vi.advanceTimersByTime(2000);
    expect(players()).toHaveLength(1);
  });

  it('is not made when the page goes before it was idle', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const output = await freshOutput();
    const cancel = output.prepareAudioElement();
    cancel();
    vi.advanceTimersByTime(5000);
    expect(players()).toHaveLength(0);
  });
});
