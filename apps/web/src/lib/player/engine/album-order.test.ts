import { describe, expect, it } from 'vitest';
import { continuesAlbum } from './album-order';

const track = (
  trackNumber: number | null,
  discNumber: number | null = 1,
  albumId: string | null = 'a',
) => ({
  albumId,
  trackNumber,
  discNumber,
});

describe('continuesAlbum', () => {
  it('holds for the next track of the same disc', () => {
    expect(continuesAlbum(track(4), track(5))).toBe(true);
  });

  it('holds from the last track of a disc to the first of the next', () => {
    expect(continuesAlbum(track(12, 1), track(1, 2))).toBe(true);
  });

  it('fails for a skipped track, a track played backwards or another disc order', () => {
    expect(continuesAlbum(track(4), track(6))).toBe(false);
    expect(continuesAlbum(track(5), track(4))).toBe(false);
    expect(continuesAlbum(track(3, 1), track(4, 2))).toBe(false);
  });

  it('fails across albums and for songs without an album or a track number', () => {
    expect(continuesAlbum(track(1, 1, 'a'), track(2, 1, 'b'))).toBe(false);
    expect(continuesAlbum(track(1, 1, null), track(2, 1, null))).toBe(false);
    expect(continuesAlbum(track(null), track(2))).toBe(false);
    expect(continuesAlbum(null, track(2))).toBe(false);
  });

  it('reads a missing disc number as disc 1', () => {
    expect(continuesAlbum(track(1, null), track(2, 1))).toBe(true);
  });
});
