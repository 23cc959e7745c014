import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PLAYBACK_SETTINGS, usePlaybackSettings } from './playback-settings';
import { streamUrl } from './stream-url';

const signed = '/media/audio/abc?expires=4102444800&signature=sig';

function plays(types: readonly string[]) {
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) =>
    types.includes(type) ? 'probably' : '',
  );
}

function connection(type: string | undefined) {
  Object.defineProperty(navigator, 'connection', { configurable: true, value: { type } });
}

afterEach(() => {
  usePlaybackSettings.getState().replace(DEFAULT_PLAYBACK_SETTINGS);
  connection(undefined);
  vi.restoreAllMocks();
});

describe('the address a song streams from', () => {
  it('is the file as it is at Original quality', () => {
    plays(['audio/ogg; codecs="opus"', 'audio/mpeg']);
    expect(streamUrl(signed)).toBe(signed);
  });

  it("asks for the listener's rate in a format the browser plays", () => {
    plays(['audio/ogg; codecs="opus"', 'audio/mpeg']);
    usePlaybackSettings.getState().update({ streamingQuality: 'normal' });
    expect(streamUrl(signed)).toBe(`${signed}&kbps=160&prefer=opus`);
    // A file the server must transcode is asked for in a format this browser plays.
    expect(streamUrl(`${signed}&format=opus`)).toBe(`${signed}&format=opus&kbps=160&prefer=opus`);
  });

  it('asks for AAC where the browser plays no Opus', async () => {
    vi.resetModules();
    plays(['audio/aac', 'audio/mpeg']);
    const fresh = await import('./stream-url');
    expect(fresh.streamUrl(`${signed}&format=opus`)).toBe(`${signed}&format=aac&prefer=aac`);
    // At Original too: a limit the administrator set may make the server transcode it.
    expect(fresh.streamUrl(signed)).toBe(`${signed}&prefer=aac`);
  });

  it('takes the cellular choice on a cellular connection', () => {
    plays(['audio/ogg; codecs="opus"', 'audio/mpeg']);
    connection('cellular');
    usePlaybackSettings.getState().update({ cellularStreamingQuality: 'dataSaver' });
    expect(new URLSearchParams(streamUrl(signed).split('?')[1]).get('kbps')).toBe('96');
    connection('wifi');
    expect(streamUrl(signed)).toBe(signed);
  });
});
