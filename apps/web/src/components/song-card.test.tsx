import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { makeSong } from '@/test/mock-api/factories';
import { renderWithProviders } from '@/test/render-app';
import { SongCard } from './song-card';

/** Every style rule emotion has made so far, as text. */
const styleRules = () =>
  [...document.querySelectorAll('style[data-emotion]')].map((style) => style.textContent).join('');

const song = makeSong('a', { title: 'Blue Hour' });

/** A card and a button that makes its song the current one, playing. */
function CardTurningCurrent() {
  const [current, setCurrent] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setCurrent(true)}>
        Make current
      </button>
      <SongCard song={song} active={current} playing={current} onPlay={() => undefined} />
    </>
  );
}

describe('SongCard', () => {
  it('marks the current song by an attribute, with no new style rules when a card turns current', async () => {
    renderWithProviders(<CardTurningCurrent />);
    const card = await screen.findByRole('article', { name: 'Blue Hour' });
    expect(card).not.toHaveAttribute('data-active');
    expect(screen.getByRole('button', { name: 'Play Blue Hour' })).not.toHaveAttribute(
      'data-shown',
    );
    const before = styleRules();

    await userEvent.click(screen.getByRole('button', { name: 'Make current' }));
    expect(card).toHaveAttribute('data-active');
    expect(screen.getByRole('button', { name: 'Pause Blue Hour' })).toHaveAttribute('data-shown');
    expect(styleRules()).toBe(before);
  });
});
