import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tagGenre } from '@/test/mock-api/tag-genres';
import { renderWithProviders } from '@/test/render-app';
import { GenreChips } from './genre-chips';

describe('GenreChips', () => {
  it('lists each genre as a link to its page, in order', async () => {
    const genres = [tagGenre('Jazz'), tagGenre('R&B <live>')];
    const { user, router } = renderWithProviders(
      <GenreChips genres={genres} label="Genres of Kind of Blue" />,
    );
    const list = screen.getByRole('list', { name: 'Genres of Kind of Blue' });
    const links = screen.getAllByRole('link');
    expect(list).toContainElement(links[0]!);
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Jazz', `/genres/${genres[0]!._id}`],
      ['R&B <live>', `/genres/${genres[1]!._id}`],
    ]);
    await user.click(screen.getByRole('link', { name: 'R&B <live>' }));
    expect(router.state.location.pathname).toBe(`/genres/${genres[1]!._id}`);
  });

  it('shows nothing for no genres', () => {
    renderWithProviders(<GenreChips genres={[]} />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
