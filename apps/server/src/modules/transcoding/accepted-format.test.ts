import { describe, expect, it } from 'vitest';
import { formatAccepted } from './accepted-format';

describe('the format a client accepts', () => {
  it('takes the first audio type it prefers that a transcode can be made in', () => {
    expect(formatAccepted('audio/mpeg', 'opus')).toBe('mp3');
    expect(formatAccepted('audio/aac, audio/mpeg;q=0.5', 'opus')).toBe('aac');
    expect(formatAccepted('audio/mpeg;q=0.5, audio/mp4', 'opus')).toBe('aac');
    expect(formatAccepted('audio/flac, audio/ogg;q=0.9', 'mp3')).toBe('opus');
    expect(formatAccepted('audio/webm;codecs=opus', 'mp3')).toBe('opus');
  });

  it("takes the web player's format names alike", () => {
    expect(formatAccepted('aac', 'opus')).toBe('aac');
    expect(formatAccepted('mp3', 'opus')).toBe('mp3');
    expect(formatAccepted('opus', 'mp3')).toBe('opus');
    expect(formatAccepted('flac', 'opus')).toBe('opus');
  });

  it('falls back when anything goes or nothing is said', () => {
    expect(formatAccepted(undefined, 'opus')).toBe('opus');
    expect(formatAccepted('', 'mp3')).toBe('mp3');
    expect(formatAccepted('*/*', 'opus')).toBe('opus');
    expect(formatAccepted('audio/*;q=0.8, audio/mpeg;q=0.1', 'opus')).toBe('opus');
    expect(formatAccepted('audio/mpeg;q=0, audio/flac', 'opus')).toBe('opus');
  });
});
