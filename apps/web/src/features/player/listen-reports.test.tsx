import { act, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { makeSong } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { seed } from '@/test/mock-api/store';
import { logIn, renderApp, stubMediaElement } from '@/test/render-app';

const LISTENS = 'POST /api/user/scrobbling/listens';

beforeEach(() => {
  stubMediaElement();
  logIn();
});
afterEach(() => usePlayer.getState().reset());

/** The element plays on from `from` to `to` seconds, in quarter-second time updates. */
function playAlong(from: number, to: number) {
  const audio = document.querySelector('audio')!;
  for (let position = from; position <= to; position += 0.25) {
    audio.currentTime = position;
    fireEvent(audio, new Event('timeupdate'));
  }
}

const SONG_ID = '01900000-0000-7000-8000-000000000001';

async function startSong() {
  const song = makeSong(SONG_ID, { duration: 100 });
  seed.songs(song);
  renderApp('/under-development');
  act(() => usePlayer.getState().playFrom(song, [song]));
  await waitFor(() => expect(requestsTo('POST /api/user/songs/:id/play')).toHaveLength(1));
}

describe('the listens the web player reports for scrobbling', { timeout: 20_000 }, () => {
  it('reports a song once half of it was heard, after recording its play at the start', async () => {
    await startSong();
    act(() => playAlong(0, 80));
    await waitFor(() => expect(requestsTo(LISTENS)).toHaveLength(1));
    expect(requestsTo(LISTENS)[0]?.body).toEqual({
      songId: SONG_ID,
      startedAt: expect.any(String),
      listenedSeconds: 50,
    });
  });

  it('counts nothing for seeking ahead: only the seconds really heard', async () => {
    await startSong();
    act(() => playAlong(0, 10));
    act(() => playAlong(90, 100));
    act(() => playAlong(20, 60));
    await waitFor(() => expect(requestsTo(LISTENS)).toHaveLength(1));
    // 10 s, then 10 s after the jump, then 30 s more: reported at 50 s heard, not at the jump.
    expect(requestsTo(LISTENS)[0]?.body).toMatchObject({ listenedSeconds: 50 });
  });
});
