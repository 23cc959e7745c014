import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeArtist } from '@/test/mock-api/factories';
import { renderWithProviders } from '@/test/render-app';
import { ArtistCard } from './artist-card';

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
});
