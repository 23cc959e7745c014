import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { makeLyrics, makeSong } from '@/test/mock-api/factories';
import { seed } from '@/test/mock-api/store';
import { logIn, mockSmallScreen, renderApp, stubMediaElement } from '@/test/render-app';
import { CLOSE_DISTANCE } from './sheet-swipe';

const songs = ['1', '2'].map((id) => makeSong(id));

/** jsdom has no PointerEvent: a mouse event with the pointer's fields stands in. */
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  readonly pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 0;
    this.pointerType = init.pointerType ?? '';
  }
}

/** A finger dragged down `distance` pixels from the middle of `element`, then lifted. */
function dragDown(element: Element, distance: number) {
  const at = (dy: number) => ({
    pointerId: 1,
    pointerType: 'touch',
    clientX: 200,
    clientY: 300 + dy,
  });
  fireEvent.pointerDown(element, { ...at(0), button: 0 });
  for (const step of [1, 2, 3, 4]) fireEvent.pointerMove(element, at((distance * step) / 4));
  fireEvent.pointerUp(element, at(distance));
}

beforeEach(() => {
  // jsdom does not scroll.
  Element.prototype.scrollTo = vi.fn();
  stubMediaElement();
  logIn();
  seed.songs(...songs);
  seed.lyrics(
    makeLyrics('1', [
      { start: 0, value: 'Hello from the lyrics' },
      { start: 4000, value: 'A second line' },
    ]),
  );
});
afterEach(() => {
  Reflect.deleteProperty(Element.prototype, 'scrollTo');
  usePlayer.getState().reset();
  vi.unstubAllGlobals();
});

describe('lyrics in the now-playing views', { timeout: 20_000 }, () => {
  it('switch the phone sheet from the cover to the lyrics and back', async () => {
    mockSmallScreen();
    const { user } = renderApp('/search');
    act(() => usePlayer.getState().playFrom(songs[0]!, songs));
    const player = screen.getByRole('region', { name: 'Player' });
    await user.click(within(player).getByRole('button', { name: /^Open player/ }));
    const sheet = await screen.findByTestId('now-playing-sheet');

    const toggle = within(sheet).getByRole('button', { name: 'Lyrics' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(within(sheet).getByRole('img', { name: 'Cover of Song 1' })).toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const lyrics = within(sheet).getByRole('region', { name: 'Lyrics' });
    expect(await within(lyrics).findByText('Hello from the lyrics')).toBeInTheDocument();
    expect(within(sheet).queryByRole('img', { name: 'Cover of Song 1' })).not.toBeInTheDocument();

    await user.click(within(lyrics).getByRole('button', { name: 'A second line' }));
    expect(usePlayer.getState().position).toBe(4);

    // A drag on the lyrics scrolls them: it does not close the sheet.
    vi.stubGlobal('PointerEvent', TestPointerEvent);
    Element.prototype.setPointerCapture = vi.fn();
    dragDown(within(lyrics).getByRole('button', { name: 'A second line' }), CLOSE_DISTANCE + 40);
    Reflect.deleteProperty(Element.prototype, 'setPointerCapture');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(sheet.style.transform).toBe('');

    await user.click(toggle);
    expect(within(sheet).queryByRole('region', { name: 'Lyrics' })).not.toBeInTheDocument();
    expect(within(sheet).getByRole('img', { name: 'Cover of Song 1' })).toBeInTheDocument();
  });

  it('open a lyrics panel on the /player page', async () => {
    act(() => usePlayer.getState().playFrom(songs[0]!, songs));
    const { user } = renderApp('/player');
    await screen.findByRole('heading', { level: 1, name: 'Song 1' });
    expect(screen.queryByRole('region', { name: 'Lyrics' })).not.toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'Lyrics' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const lyrics = screen.getByRole('region', { name: 'Lyrics' });
    expect(await within(lyrics).findByText('Hello from the lyrics')).toBeInTheDocument();

    // The next song's lyrics follow it: it has none.
    act(() => usePlayer.getState().next());
    expect(await within(lyrics).findByText('No lyrics')).toBeInTheDocument();
  });

  it('leave the /player demo without a Lyrics toggle while nothing plays', async () => {
    renderApp('/player');
    await screen.findByRole('list', { name: 'Sample Playlist songs' });
    expect(screen.queryByRole('button', { name: 'Lyrics' })).not.toBeInTheDocument();
  });
});
