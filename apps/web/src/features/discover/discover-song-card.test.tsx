import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SongCardModule from '@/components/song-card';
import { usePlayer } from '@/lib/player/player-store';
import { makeSong } from '@/test/mock-api/factories';
import { seed, store } from '@/test/mock-api/store';
import { logIn, renderApp, stubMediaElement } from '@/test/render-app';

/** Renders of each song's card, by song id. */
const renders = vi.hoisted(() => new Map<string, number>());

vi.mock('@/components/song-card', async (importOriginal) => {
  const original = await importOriginal<typeof SongCardModule>();
  return {
    ...original,
    SongCard: (props: Parameters<typeof original.SongCard>[0]) => {
      renders.set(props.song._id, (renders.get(props.song._id) ?? 0) + 1);
      return original.SongCard(props);
    },
  };
});

const songs = ['1', '2', '3', '4'].map((id) => makeSong(id));

beforeEach(() => {
  stubMediaElement();
  logIn();
  renders.clear();
});
afterEach(() => usePlayer.getState().reset());

describe('a Discover song card', () => {
  it('starts the audio element within the click, before the player state changes', async () => {
    seed.songs(...songs);
    renderApp('/discover');
    const button = await screen.findByRole('button', { name: 'Play Song 2' });
    const calls: { src: string; current: string | null }[] = [];
    vi.mocked(HTMLMediaElement.prototype.play).mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      calls.push({ src: this.src, current: usePlayer.getState().current?._id ?? null });
      return Promise.resolve();
    });
    // A plain DOM click, not wrapped in act(): whatever happens after it returns is too late.
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    const src = new URL(songs[1]!.audioFile, window.location.href).href;
    expect(calls[0]).toEqual({ src, current: null });
    expect(document.querySelector('audio')?.src).toBe(src);
    await waitFor(() => expect(usePlayer.getState().current?._id).toBe('2'));
    await waitFor(() => expect(store.plays).toHaveLength(1));
  });

  it('shows a start whose sound is slow to come on its card, before the player takes it', async () => {
    seed.songs(...songs);
    renderApp('/discover');
    const button = await screen.findByRole('button', { name: 'Play Song 3' });
    // The sound does not come.
    vi.mocked(HTMLMediaElement.prototype.play).mockReturnValue(new Promise<void>(() => {}));
    await act(async () => button.click());
    expect(await screen.findByRole('button', { name: 'Pause Song 3' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Player' })).not.toBeInTheDocument();
    // After a second the player shows it anyway (a stalled network), and records the play.
    expect(await screen.findByRole('region', { name: 'Player' })).toBeInTheDocument();
    await waitFor(() => expect(store.plays).toHaveLength(1));
  });

  it('re-renders only the cards whose song starts or stops being current', async () => {
    seed.songs(...songs);
    renderApp('/discover');
    await screen.findByRole('button', { name: 'Play Song 4' });
    act(() => usePlayer.getState().playFrom(songs[0]!, songs));
    expect(await screen.findByRole('region', { name: 'Player' })).toBeInTheDocument();
    await waitFor(() => expect(store.plays).toHaveLength(1));
    // Song 1 is now in Recently Played too: a card there as well as in Latest Songs.
    await waitFor(() => expect(screen.getAllByRole('article', { name: 'Song 1' })).toHaveLength(2));
    renders.clear();
    act(() => usePlayer.getState().playFrom(songs[1]!, songs));
    act(() => usePlayer.getState().togglePlay());
    // Song 1's cards stop showing it current, song 2's starts, then pauses; 3 and 4 stay.
    expect(renders.get('1')).toBe(2);
    expect(renders.get('2')).toBe(2);
    expect(renders.has('3')).toBe(false);
    expect(renders.has('4')).toBe(false);
    await waitFor(() => expect(store.plays).toHaveLength(2));
  });
});
