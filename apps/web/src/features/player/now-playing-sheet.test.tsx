import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { makeSong } from '@/test/mock-api/factories';
import { seed } from '@/test/mock-api/store';
import { logIn, mockSmallScreen, renderApp, stubMediaElement } from '@/test/render-app';
import { CLOSE_DISTANCE, TRACK_DISTANCE } from './sheet-swipe';

const songs = ['1', '2', '3'].map((id) => makeSong(id));

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

/** Nor pointer capture, which the sheet and MUI's slider take once a drag has a direction. */
const CAPTURE_METHODS = ['setPointerCapture', 'releasePointerCapture', 'hasPointerCapture'];

beforeEach(() => {
  vi.stubGlobal('PointerEvent', TestPointerEvent);
  for (const method of CAPTURE_METHODS)
    Object.defineProperty(Element.prototype, method, { configurable: true, value: () => false });
  stubMediaElement();
  mockSmallScreen();
  logIn();
  seed.songs(...songs);
});
afterEach(() => {
  for (const method of CAPTURE_METHODS) Reflect.deleteProperty(Element.prototype, method);
  usePlayer.getState().reset();
  vi.unstubAllGlobals();
});

type User = ReturnType<typeof renderApp>['user'];

async function openSheet(user: User) {
  act(() => usePlayer.getState().playFrom(songs[0]!, songs));
  const player = screen.getByRole('region', { name: 'Player' });
  await user.click(within(player).getByRole('button', { name: /^Open player/ }));
  return screen.findByTestId('now-playing-sheet');
}

/** A finger dragged across the sheet from (x, y) by (dx, dy), in steps, then lifted. */
function swipe(element: Element, dx: number, dy: number, from = { x: 200, y: 400 }) {
  const at = (step: number) => ({
    pointerId: 1,
    pointerType: 'touch',
    clientX: from.x + (dx * step) / 4,
    clientY: from.y + (dy * step) / 4,
  });
  fireEvent.pointerDown(element, { ...at(0), button: 0 });
  for (const step of [1, 2, 3, 4]) fireEvent.pointerMove(element, at(step));
  fireEvent.pointerUp(element, at(4));
}

describe('the now-playing sheet on a phone', { timeout: 20_000 }, () => {
  it('closes by its button and by a swipe down, not by a short one', async () => {
    const { user } = renderApp('/search');
    let sheet = await openSheet(user);
    await user.click(screen.getByRole('button', { name: 'Close now playing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: /^Open player/ }));
    sheet = await screen.findByTestId('now-playing-sheet');
    swipe(sheet, 0, CLOSE_DISTANCE / 3);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    swipe(sheet, 4, CLOSE_DISTANCE + 20);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(usePlayer.getState().current?._id).toBe('1');
  });

  it('changes song by a swipe left or right, and springs back from a short one', async () => {
    const { user } = renderApp('/search');
    const sheet = await openSheet(user);
    swipe(sheet, -(TRACK_DISTANCE / 3), 0);
    expect(usePlayer.getState().current?._id).toBe('1');

    swipe(sheet, -(TRACK_DISTANCE + 30), 5);
    await waitFor(() => expect(usePlayer.getState().current?._id).toBe('2'));
    expect(await within(sheet).findByText('Song 2')).toBeInTheDocument();

    // Right is Previous, which restarts the song.
    act(() => usePlayer.getState().seek(30));
    swipe(sheet, TRACK_DISTANCE + 30, 0);
    await waitFor(() => expect(usePlayer.getState().position).toBe(0));
    expect(usePlayer.getState().current?._id).toBe('2');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('does not press the button a swipe starts on, and leaves the seek slider its drags', async () => {
    const { user } = renderApp('/search');
    const sheet = await openSheet(user);
    const shuffle = within(sheet).getByRole('button', { name: 'Shuffle' });
    swipe(shuffle, 0, CLOSE_DISTANCE / 3);
    fireEvent.click(shuffle);
    expect(usePlayer.getState().shuffle).toBe(false);

    swipe(within(sheet).getByRole('slider', { name: 'Seek' }), -(TRACK_DISTANCE + 30), 0);
    expect(usePlayer.getState().current?._id).toBe('1');
  });

  it('opens the queue view over itself', async () => {
    const { user } = renderApp('/search');
    const sheet = await openSheet(user);
    await user.click(within(sheet).getByRole('button', { name: 'Open queue' }));
    const queue = await screen.findByRole('list', { name: 'Queue' });
    expect(queue.querySelectorAll('[data-queue-index]')).toHaveLength(3);
    const drawerLayer = Number(getComputedStyle(queue.closest('.MuiDrawer-root')!).zIndex);
    const sheetLayer = Number(getComputedStyle(sheet.closest('.MuiDialog-root')!).zIndex);
    expect(drawerLayer).toBeGreaterThan(sheetLayer);
  });
});
