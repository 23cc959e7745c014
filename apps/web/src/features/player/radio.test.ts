import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useRadioRefill } from './use-radio-refill';
import { makeSong, makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { seed } from '@/test/mock-api/store';
import { logIn, stubMediaElement } from '@/test/render-app';
import { usePlayer } from '@/lib/player/player-store';
import { RADIO_REFILL_AT, startRadio } from '@/lib/player/radio';

const id = (n: number) => `0190d4f2-8b1e-7000-8000-${String(n).padStart(12, '0')}`;
const jazz = { _id: id(999), name: 'Jazz' };
const songs = Array.from({ length: 40 }, (_, n) =>
  makeSong(id(n + 1), { title: `Tune ${n + 1}`, genres: n < 30 ? [jazz] : [] }),
);

beforeEach(() => {
  stubMediaElement();
  logIn(makeUser());
  seed.songs(...songs);
});
afterEach(() => {
  usePlayer.getState().reset();
  window.localStorage.clear();
});

describe('radio in the player', () => {
  it('makes a station the queue, starting with its song, and says where it comes from', async () => {
    await startRadio({ kind: 'song', id: id(1) });
    const player = usePlayer.getState();
    expect(player.current?._id).toBe(id(1));
    expect(player.queue).toHaveLength(20);
    expect(player.source).toMatchObject({
      kind: 'radio',
      label: 'Tune 1 Radio',
      seed: { kind: 'song', id: id(1) },
    });
  });

  it('a song seed that is playing plays on, with the station after it', async () => {
    usePlayer.getState().playFrom(songs[0]!, songs.slice(0, 2));
    const playing = usePlayer.getState().startToken;
    await startRadio({ kind: 'song', id: id(1) });
    expect(usePlayer.getState().current?._id).toBe(id(1));
    expect(usePlayer.getState().isPlaying).toBe(true);
    expect(usePlayer.getState().queue).toHaveLength(20);
    expect(usePlayer.getState().startToken).toBeGreaterThanOrEqual(playing);
  });

  it('grows the queue as it plays, with songs not heard lately', async () => {
    renderHook(() => useRadioRefill());
    await startRadio({ kind: 'genre', id: jazz._id });
    const first = usePlayer.getState().queue.map((song) => song._id);
    expect(first).toHaveLength(20);
    for (let n = 0; n < 20 - RADIO_REFILL_AT - 1; n += 1) usePlayer.getState().next();
    await expect.poll(() => usePlayer.getState().queue.length).toBeGreaterThan(RADIO_REFILL_AT + 1);
    const [refill] = requestsTo('POST /api/user/radio').slice(-1);
    const sent = refill!.body as { recent: string[] };
    expect(sent.recent).toEqual(expect.arrayContaining(first));
    const added = usePlayer
      .getState()
      .queue.slice(RADIO_REFILL_AT + 1)
      .map((song) => song._id);
    for (const songId of added) expect(first).not.toContain(songId);
  });

  it('leaves a queue that is not a station alone', async () => {
    renderHook(() => useRadioRefill());
    usePlayer.getState().playFrom(songs[0]!, songs.slice(0, 2));
    usePlayer.getState().next();
    expect(usePlayer.getState().queue).toHaveLength(1);
    expect(requestsTo('POST /api/user/radio')).toHaveLength(0);
  });
});
