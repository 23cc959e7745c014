import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVE_TAB_STORAGE_KEY, PLAYER_STORAGE_KEY } from '@/lib/player/player-persistence';
import { initialPlayerState, usePlayer } from '@/lib/player/player-store';
import { makeSong, makeUser } from '@/test/mock-api/factories';
import { failRoute } from '@/test/mock-api/server';
import { seed, store } from '@/test/mock-api/store';
import { logIn, renderApp, stubMediaElement } from '@/test/render-app';

const songs = ['1', '2', '3'].map((id) => makeSong(id));

beforeEach(() => {
  stubMediaElement();
  logIn();
});
afterEach(() => usePlayer.getState().reset());

function playerRegion() {
  return screen.getByRole('region', { name: 'Player' });
}

describe('the bottom player', { timeout: 20_000 }, () => {
  it('is absent until a song is current, then offers every control', async () => {
    seed.songs(...songs);
    renderApp('/under-development');
    expect(screen.queryByRole('region', { name: 'Player' })).not.toBeInTheDocument();
    act(() => usePlayer.getState().playFrom(songs[0]!, songs));
    const player = playerRegion();
    expect(within(player).getByText('Song 1')).toBeInTheDocument();
    expect(within(player).getByText('Artist 1')).toBeInTheDocument();
    for (const name of ['Shuffle', 'Previous', 'Pause', 'Next', 'Repeat', 'Mute', 'Queue']) {
      expect(within(player).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(player).getByRole('button', { name: 'Add to Liked Songs' })).toBeInTheDocument();
    expect(within(player).getByRole('slider', { name: 'Seek' })).toBeInTheDocument();
    const volume = within(player).getByRole('slider', { name: 'Volume' });
    expect(volume).toHaveAttribute('aria-valuenow', '0.8');
    expect(volume).toHaveAttribute('step', '0.01');
    expect(within(player).getByLabelText('Total time')).toHaveTextContent('03:05');
  });

  it('mutes to 0 and the volume slider unmutes', async () => {
    seed.songs(...songs);
    const { user } = renderApp('/under-development');
    act(() => usePlayer.getState().playFrom(songs[0]!, songs));
    const audio = document.querySelector('audio')!;
    await user.click(within(playerRegion()).getByRole('button', { name: 'Mute' }));
    expect(audio.volume).toBe(0);
    fireEvent.change(within(playerRegion()).getByRole('slider', { name: 'Volume' }), {
      target: { value: 0.5 },
    });
    expect(usePlayer.getState()).toMatchObject({ muted: false, volume: 0.5 });
    expect(audio.volume).toBe(0.5);
  });

  it('shows the queue in a drawer; a row other than the first moves to the front', async () => {
    seed.songs(...songs);
    const { user } = renderApp('/under-development');
    act(() => usePlayer.getState().playFrom(songs[0]!, songs));
    await user.click(within(playerRegion()).getByRole('button', { name: 'Queue' }));
    const queue = await screen.findByRole('list', { name: 'Queue' });
    await user.click(within(queue).getByRole('button', { name: 'Play Song 3 now' }));
    expect(usePlayer.getState().queue.map((song) => song._id)).toEqual(['3', '1', '2']);
  });

  it('credits the artists by the one rule on the bar, in the queue and on the lock screen', async () => {
    // The tags list the artists one way; the credit names the main one, then the featured.
    const featured = makeSong('9', {
      title: 'Night Drive',
      artist: 'DJ Kato/Lia Park/MC Rho',
      artists: [
        { _id: 'artist-kato', name: 'DJ Kato', role: 'main' },
        { _id: 'artist-lia', name: 'Lia Park', role: 'featured' },
        { _id: 'artist-rho', name: 'MC Rho', role: 'featured' },
      ],
    });
    const credit = 'DJ Kato feat. Lia Park & MC Rho';
    const session = {
      metadata: null as { artist?: string } | null,
      playbackState: 'none',
      setActionHandler: vi.fn(),
      setPositionState: vi.fn(),
    };
    vi.stubGlobal(
      'MediaMetadata',
      class {
        constructor(init: object) {
          Object.assign(this, init);
        }
      },
    );
    Object.defineProperty(navigator, 'mediaSession', { value: session, configurable: true });
    try {
      seed.songs(featured);
      const { user } = renderApp('/under-development');
      act(() => usePlayer.getState().playFrom(featured, [featured]));
      const onTheBar = within(playerRegion()).getByTitle(credit);
      expect(onTheBar).toHaveTextContent(credit);
      expect(within(onTheBar).getByRole('link', { name: 'Lia Park' })).toHaveAttribute(
        'href',
        '/artist/artist-lia',
      );
      await waitFor(() => expect(session.metadata?.artist).toBe(credit));

      await user.click(within(playerRegion()).getByRole('button', { name: 'Queue' }));
      const queue = await screen.findByRole('list', { name: 'Queue' });
      expect(within(queue).getByText('Night Drive')).toBeInTheDocument();
      expect(queue).toHaveTextContent(credit);
      expect(queue).not.toHaveTextContent('DJ Kato/Lia Park');
    } finally {
      Reflect.deleteProperty(navigator, 'mediaSession');
    }
  });

  it('likes the current song: the heart fills and the server keeps the like', async () => {
    seed.songs(...songs);
    const { user } = renderApp('/under-development');
    act(() => usePlayer.getState().playFrom(songs[0]!, songs));
    await user.click(within(playerRegion()).getByRole('button', { name: 'Add to Liked Songs' }));
    const heart = await within(playerRegion()).findByRole('button', {
      name: 'Remove from Liked Songs',
    });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(store.likes.get(makeUser()._id)).toEqual(['1']);
  });

  it('toasts a failed like', async () => {
    seed.songs(...songs);
    failRoute('PUT /api/user/songs/1/like', 500);
    const { user } = renderApp('/under-development');
    act(() => usePlayer.getState().playFrom(songs[0]!, songs));
    await user.click(within(playerRegion()).getByRole('button', { name: 'Add to Liked Songs' }));
    expect(await screen.findByText('Failed to update Liked Songs')).toBeInTheDocument();
  });

  it('turns the playing flag off when the browser refuses to play', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(
      new DOMException('no gesture', 'NotAllowedError'),
    );
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    seed.songs(...songs);
    renderApp('/under-development');
    act(() => usePlayer.getState().playFrom(songs[0]!, songs));
    await waitFor(() => expect(usePlayer.getState().isPlaying).toBe(false));
    expect(debug).toHaveBeenCalled();
  });

  it('toggles play with Space, but not while typing', async () => {
    seed.songs(...songs);
    const { user } = renderApp('/user/dashboard');
    act(() => usePlayer.getState().playFrom(songs[0]!, songs));
    expect(usePlayer.getState().isPlaying).toBe(true);
    fireEvent.keyDown(document.body, { key: ' ', code: 'Space' });
    expect(usePlayer.getState().isPlaying).toBe(false);
    const field = await screen.findByRole('textbox', { name: 'Search songs' });
    await user.click(field);
    await user.keyboard(' ');
    expect(usePlayer.getState().isPlaying).toBe(false);
  });

  it('keeps the queue in localStorage and pauses when another tab starts playing', async () => {
    seed.songs(...songs);
    renderApp('/under-development');
    act(() => usePlayer.getState().playFrom(songs[1]!, songs));
    const storedIds = () => {
      const stored = JSON.parse(localStorage.getItem(PLAYER_STORAGE_KEY) ?? '{}') as {
        queue?: { _id: string }[];
      };
      return stored.queue?.map((song) => song._id);
    };
    // Written a moment later, in a task of its own.
    await waitFor(() => expect(storedIds()).toEqual(['2', '1', '3']));
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: ACTIVE_TAB_STORAGE_KEY,
          newValue: JSON.stringify({ tabId: 'another-tab', at: Date.now() }),
          storageArea: localStorage,
        }),
      );
    });
    expect(usePlayer.getState().isPlaying).toBe(false);
  });

  it('shows the /player demo with a sample track and a 5-song sample playlist', async () => {
    const library = Array.from({ length: 7 }, (_, index) => makeSong(String(index + 1)));
    seed.songs(...library);
    const { user } = renderApp('/player');
    const sample = await screen.findByRole('list', { name: 'Sample Playlist songs' });
    expect(within(sample).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('heading', { level: 1, name: 'Song 1' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Seek' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Volume' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Liked Songs' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(usePlayer.getState().queue.map((song) => song._id)).toEqual(['1', '2', '3', '4', '5']);
    // docs/product.md §2: the bottom player is on every page once a song is current, this one too.
    expect(within(playerRegion()).getByText('Song 1')).toBeInTheDocument();
  });

  it('drops the songs an admin deleted from a restored queue on the next load', async () => {
    seed.songs(songs[0]!, songs[2]!);
    const restored = initialPlayerState({
      queue: [songs[1]!, songs[0]!, songs[2]!],
      shuffle: false,
      repeat: false,
      volume: 0.8,
      muted: false,
      position: 42,
    });
    act(() => usePlayer.setState(restored));
    renderApp('/under-development');
    await waitFor(() =>
      expect(usePlayer.getState().queue.map((song) => song._id)).toEqual(['1', '3']),
    );
    expect(within(playerRegion()).getByText('Song 1')).toBeInTheDocument();
    expect(usePlayer.getState()).toMatchObject({ isPlaying: false, position: 0, urlsStale: false });
  });

  it('shows the bottom player on /player when a song is already current', async () => {
    const library = Array.from({ length: 7 }, (_, index) => makeSong(String(index + 1)));
    seed.songs(...library);
    act(() => usePlayer.getState().playFrom(library[5]!, library));
    renderApp('/player');
    const bar = await screen.findByRole('region', { name: 'Player' });
    expect(within(bar).getByText('Song 6')).toBeInTheDocument();
  });
});
