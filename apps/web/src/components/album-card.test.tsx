import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { makeAlbum, makeSong, makeUser } from '@/test/mock-api/factories';
import { failRoute } from '@/test/mock-api/server';
import { seed, store } from '@/test/mock-api/store';
import { logIn, renderWithProviders, stubMediaElement } from '@/test/render-app';
import { AlbumCard } from './album-card';

const abbey = makeAlbum('abbey', {
  title: 'Abbey Road',
  artist: { _id: 'beatles', name: 'The Beatles' },
  year: 1969,
});

beforeEach(() => {
  stubMediaElement();
  logIn();
});
afterEach(() => usePlayer.getState().reset());

describe('AlbumCard', () => {
  it('shows cover, title linking to the album, year and the artist’s link', async () => {
    const { user, router } = renderWithProviders(<AlbumCard album={abbey} />);
    const card = screen.getByRole('article', { name: 'Abbey Road' });
    expect(within(card).getByRole('presentation')).toHaveAttribute(
      'src',
      '/media/images/album-abbey.jpg?size=300',
    );
    expect(card).toHaveTextContent('1969 • The Beatles');
    expect(within(card).getByRole('link', { name: 'The Beatles' })).toHaveAttribute(
      'href',
      '/artist/beatles',
    );
    await user.click(within(card).getByRole('link', { name: 'Abbey Road' }));
    expect(router.state.location.pathname).toBe('/album/abbey');
  });

  it('plays the album from its first track, then pauses it', async () => {
    seed.album(abbey, [makeSong('two', { trackNumber: 2 }), makeSong('one', { trackNumber: 1 })]);
    const { user } = renderWithProviders(<AlbumCard album={abbey} />);
    await user.click(screen.getByRole('button', { name: 'Play Abbey Road' }));
    await waitFor(() => expect(usePlayer.getState().current?._id).toBe('one'));
    expect(usePlayer.getState().queue.map((song) => song._id)).toEqual(['one', 'two']);
    await user.click(await screen.findByRole('button', { name: 'Pause Abbey Road' }));
    expect(usePlayer.getState().isPlaying).toBe(false);
  });

  it('likes the album from its menu, then offers Unlike, with a toast for each', async () => {
    seed.album(abbey);
    const { user } = renderWithProviders(<AlbumCard album={abbey} />);
    await user.click(screen.getByRole('button', { name: 'More options for Abbey Road' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Like' }));
    expect(await screen.findByText('Added to your Liked Albums')).toBeInTheDocument();
    expect(store.albumLikes.get(makeUser()._id)).toEqual(['abbey']);

    await user.click(screen.getByRole('button', { name: 'More options for Abbey Road' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unlike' }));
    expect(await screen.findByText('Removed from your Liked Albums')).toBeInTheDocument();
    expect(store.albumLikes.get(makeUser()._id)).toEqual([]);
  });

  it('says so when the like fails, and still offers Like', async () => {
    seed.album(abbey);
    failRoute('PUT /api/user/albums/:id/like', 500, 'Something went wrong.');
    const { user } = renderWithProviders(<AlbumCard album={abbey} />);
    await user.click(screen.getByRole('button', { name: 'More options for Abbey Road' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Like' }));
    expect(await screen.findByText('Failed to update Liked Albums')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More options for Abbey Road' }));
    expect(await screen.findByRole('menuitem', { name: 'Like' })).toBeInTheDocument();
  });

  it('says so when the album cannot be loaded to play', async () => {
    failRoute('GET /api/user/albums/:id', 500);
    const { user } = renderWithProviders(<AlbumCard album={abbey} />);
    await user.click(screen.getByRole('button', { name: 'Play Abbey Road' }));
    expect(await screen.findByText('Failed to play album')).toBeInTheDocument();
    expect(usePlayer.getState().current).toBeNull();
  });
});
