import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeArtist, makeUser } from '@/test/mock-api/factories';
import { failRoute } from '@/test/mock-api/server';
import { seed, store } from '@/test/mock-api/store';
import { logIn, renderWithProviders } from '@/test/render-app';
import { ArtistCard } from './artist-card';

const beatles = makeArtist('beatles', { name: 'The Beatles' });

describe('ArtistCard', () => {
  it('shows the round picture, name and "Artist", and opens the artist', async () => {
    const { user, router } = renderWithProviders(
      <ArtistCard artist={makeArtist('beatles', { name: 'The Beatles' })} />,
    );
    const card = screen.getByRole('article', { name: 'The Beatles' });
    expect(within(card).getByRole('presentation')).toHaveAttribute(
      'src',
      '/media/images/artist-beatles.jpg?size=300',
    );
    expect(card).toHaveTextContent('Artist');
    await user.click(within(card).getByRole('link', { name: 'The Beatles' }));
    expect(router.state.location.pathname).toBe('/artist/beatles');
  });

  it('likes the artist from its menu, then offers Unlike, with a toast for each', async () => {
    logIn();
    seed.artists(beatles);
    const { user } = renderWithProviders(<ArtistCard artist={beatles} />);
    await user.click(screen.getByRole('button', { name: 'More options for The Beatles' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Play',
      'Start radio',
      'Like',
      'Go to artist',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Like' }));
    expect(await screen.findByText('Added to your Liked Artists')).toBeInTheDocument();
    expect(store.artistLikes.get(makeUser()._id)).toEqual(['beatles']);

    await user.click(screen.getByRole('button', { name: 'More options for The Beatles' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unlike' }));
    expect(await screen.findByText('Removed from your Liked Artists')).toBeInTheDocument();
    expect(store.artistLikes.get(makeUser()._id)).toEqual([]);
  });

  it('says so when the like fails', async () => {
    logIn();
    seed.artists(beatles);
    failRoute('PUT /api/user/artists/:id/like', 500, 'Something went wrong.');
    const { user } = renderWithProviders(<ArtistCard artist={beatles} />);
    await user.click(screen.getByRole('button', { name: 'More options for The Beatles' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Like' }));
    expect(await screen.findByText('Failed to update Liked Artists')).toBeInTheDocument();
  });
});
