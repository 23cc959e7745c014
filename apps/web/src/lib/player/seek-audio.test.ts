import { afterEach, describe, expect, it } from 'vitest';
import { audioElement, loadedAudio, setLoadedAudio } from './audio-output';
import { seekAudio } from './seek-audio';

const url = '/media/audio/abc?expires=4102444800&signature=sig&kbps=160&prefer=opus';

/** The element as the browser has it once a song's metadata is in. */
function loadedWith(seekable: readonly (readonly [number, number])[], duration = 200) {
  const audio = audioElement();
  Object.defineProperty(audio, 'duration', { configurable: true, value: duration });
  audio.src = url;
  setLoadedAudio({ songId: 's1', url, retried: false });
  Object.defineProperty(audio, 'readyState', { configurable: true, value: 1 });
  Object.defineProperty(audio, 'seekable', {
    configurable: true,
    value: {
      length: seekable.length,
      start: (index: number) => seekable[index]?.[0] ?? 0,
      end: (index: number) => seekable[index]?.[1] ?? 0,
    },
  });
  return audio;
}

afterEach(() => setLoadedAudio(null));

describe('seeking the song that plays', () => {
  it('moves within what the element can seek', () => {
    const audio = loadedWith([[0, 200]]);
    seekAudio(120);
    expect(audio.currentTime).toBe(120);
    expect(audio.getAttribute('src')).toBe(url);
  });

  it('asks again, whole, for a transcode still being made, and starts it where it was sought', () => {
    // Chromium's account of a stream without a length: seekable to infinity, it says.
    const audio = loadedWith([[0, Infinity]], Infinity);
    seekAudio(95);
    expect(audio.getAttribute('src')).toBe(`${url}&seekable=1`);
    expect(loadedAudio()?.url).toBe(`${url}&seekable=1`);
    expect(audio.currentTime).toBe(95);
    // Asked once: the whole one is seekable, or nothing else would be.
    seekAudio(30);
    expect(audio.getAttribute('src')).toBe(`${url}&seekable=1`);
  });
});
