import { describe, expect, it } from 'vitest';
import { makeSong } from '@/test/mock-api/factories';
import { positionStateOf } from './media-session';

describe('the Media Session position', () => {
  const song = makeSong('a', { duration: 185 });

  it("is the song's length, the position in it and the normal rate", () => {
    expect(positionStateOf({ current: song, position: 42.5, duration: 184.6 })).toEqual({
      duration: 184.6,
      position: 42.5,
      playbackRate: 1,
    });
  });

  it("takes the catalogue's length until the audio knows its own", () => {
    expect(positionStateOf({ current: song, position: 3, duration: 0 })?.duration).toBe(185);
  });

  it('never puts the position past the end or before the start', () => {
    expect(positionStateOf({ current: song, position: 190, duration: 185 })?.position).toBe(185);
    expect(positionStateOf({ current: song, position: -1, duration: 185 })?.position).toBe(0);
  });

  it('is none without a song or a length', () => {
    expect(positionStateOf({ current: null, position: 0, duration: 0 })).toBeNull();
    const unknown = makeSong('b', { duration: 0 });
    expect(positionStateOf({ current: unknown, position: 0, duration: 0 })).toBeNull();
  });
});
