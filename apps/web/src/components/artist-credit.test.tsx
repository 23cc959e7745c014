import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { makeSong } from '@/test/mock-api/factories';
import { renderWithProviders } from '@/test/render-app';
import { ArtistCredit } from './artist-credit';

const featuring = makeSong('night', {
  artist: 'DJ Kato feat. Lia Park & MC Rho',
  artists: [
    { _id: 'kato', name: 'DJ Kato', role: 'main' },
    { _id: 'lia', name: 'Lia Park', role: 'featured' },
    { _id: 'rho', name: 'MC Rho', role: 'featured' },
  ],
});

function renderCredit(ui: ReactNode) {
  return renderWithProviders(<p data-testid="credit">{ui}</p>);
}

describe('ArtistCredit', () => {
  it('credits the main artist, then " feat. " and the featured ones, each a link', async () => {
    const { user, router } = renderCredit(<ArtistCredit song={featuring} />);
    expect(screen.getByTestId('credit')).toHaveTextContent(/^DJ Kato feat\. Lia Park & MC Rho$/);
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['DJ Kato', '/artist/kato'],
      ['Lia Park', '/artist/lia'],
      ['MC Rho', '/artist/rho'],
    ]);
    await user.click(screen.getByRole('link', { name: 'MC Rho' }));
    expect(router.state.location.pathname).toBe('/artist/rho');
  });

  it('keeps the join the tag writes between main artists, in credit order', () => {
    const duo = makeSong('duo', {
      artist: 'Simon & Garfunkel',
      artists: [
        { _id: 'simon', name: 'Simon', role: 'main' },
        { _id: 'art', name: 'Garfunkel', role: 'main' },
      ],
    });
    renderCredit(<ArtistCredit song={duo} />);
    expect(screen.getByTestId('credit')).toHaveTextContent(/^Simon & Garfunkel$/);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Simon',
      'Garfunkel',
    ]);
  });

  it("gives every link the caller's props", () => {
    renderCredit(<ArtistCredit song={featuring} linkProps={{ tabIndex: -1, underline: 'none' }} />);
    for (const link of screen.getAllByRole('link')) {
      expect(link).toHaveAttribute('tabindex', '-1');
      expect(link).toHaveClass('MuiLink-underlineNone');
    }
  });

  it('renders the same credit as text only when plain', () => {
    renderCredit(<ArtistCredit song={featuring} plain />);
    expect(screen.getByTestId('credit')).toHaveTextContent(/^DJ Kato feat\. Lia Park & MC Rho$/);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows the artist text of a song without artists, and a name with markup as text', () => {
    renderCredit(
      <>
        <ArtistCredit song={makeSong('old', { artist: 'Old Tag', artists: [] })} />
        {' / '}
        <ArtistCredit
          song={makeSong('odd', {
            artist: '<b>Bold</b>',
            artists: [{ _id: 'bold', name: '<b>Bold</b>', role: 'main' }],
          })}
        />
      </>,
    );
    expect(screen.getByTestId('credit')).toHaveTextContent(/^Old Tag \/ <b>Bold<\/b>$/);
    expect(screen.getByTestId('credit').querySelector('b')).toBeNull();
    expect(screen.getByRole('link', { name: '<b>Bold</b>' })).toHaveAttribute(
      'href',
      '/artist/bold',
    );
  });
});
