import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { makeLyrics, makePlainLyrics, makeSong } from '@/test/mock-api/factories';
import { failRoute, holdRoute } from '@/test/mock-api/server';
import { seed } from '@/test/mock-api/store';
import { logIn, renderWithProviders, stubMediaElement } from '@/test/render-app';
import { LyricsView } from './lyrics-view';
import { OWN_SCROLL_PAUSE_MS } from './use-line-following';

const song = makeSong('1');
const LYRICS_ROUTE = 'GET /api/user/songs/:id/lyrics';

const synced = makeLyrics(song._id, [
  { start: 1000, value: 'First line' },
  { start: 5000, value: 'Second line' },
  { start: 12_000, value: 'Third line' },
]);

/** jsdom does not scroll: the view's scrolling is recorded instead. */
const scrollTo = vi.fn();

beforeEach(() => {
  Element.prototype.scrollTo = scrollTo;
  stubMediaElement();
  logIn();
  seed.songs(song);
  act(() => usePlayer.getState().playFrom(song, [song]));
});
afterEach(() => {
  Reflect.deleteProperty(Element.prototype, 'scrollTo');
  scrollTo.mockReset();
  usePlayer.getState().reset();
  vi.restoreAllMocks();
});

/** The audio element's progress report, `seconds` into the song. */
function playAt(seconds: number) {
  act(() => usePlayer.getState().reportProgress(seconds, song.duration));
}

function currentLine(): HTMLElement | null {
  return screen.getByRole('region', { name: 'Lyrics' }).querySelector('[aria-current="true"]');
}

describe('the lyrics view', () => {
  it('lights the line being sung as the song plays, and keeps it in view', async () => {
    seed.lyrics(synced);
    renderWithProviders(<LyricsView />);
    const region = screen.getByRole('region', { name: 'Lyrics' });
    const lines = await within(region).findAllByRole('button');
    expect(lines.map((line) => line.textContent)).toEqual([
      'First line',
      'Second line',
      'Third line',
    ]);
    expect(currentLine()).toBeNull();

    playAt(1.5);
    expect(currentLine()).toHaveTextContent('First line');
    playAt(6);
    expect(currentLine()).toHaveTextContent('Second line');
    expect(
      within(region)
        .getAllByRole('button')
        .filter((line) => line.ariaCurrent),
    ).toHaveLength(1);
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ behavior: 'auto' }));
  });

  it('moves the song to a line clicked, or chosen with Enter', async () => {
    seed.lyrics(synced);
    const { user } = renderWithProviders(<LyricsView />);
    await user.click(await screen.findByRole('button', { name: 'Third line' }));
    expect(usePlayer.getState().position).toBe(12);
    expect(usePlayer.getState().seekRequest?.time).toBe(12);
    expect(currentLine()).toHaveTextContent('Third line');

    screen.getByRole('button', { name: 'Second line' }).focus();
    await user.keyboard('{Enter}');
    expect(usePlayer.getState().position).toBe(5);
    expect(currentLine()).toHaveTextContent('Second line');
  });

  it('leaves the listener scrolling alone for a while, then follows the song again', async () => {
    seed.lyrics(synced);
    let now = 10_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    renderWithProviders(<LyricsView />);
    await screen.findByRole('button', { name: 'First line' });
    playAt(1.5);
    const scroller = screen.getByRole('button', { name: 'First line' }).parentElement!;

    fireEvent.wheel(scroller);
    scrollTo.mockClear();
    playAt(6);
    expect(currentLine()).toHaveTextContent('Second line');
    expect(scrollTo).not.toHaveBeenCalled();

    now += OWN_SCROLL_PAUSE_MS;
    playAt(6.25);
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('lights the words of the line as they are sung, when they were timed', async () => {
    seed.lyrics(
      makeLyrics(song._id, [
        {
          start: 1000,
          value: 'Hello world',
          words: [
            { start: 1000, value: 'Hello ' },
            { start: 1600, value: 'world' },
          ],
        },
      ]),
    );
    renderWithProviders(<LyricsView />);
    playAt(1.2);
    const line = await screen.findByRole('button', { name: 'Hello world' });
    const [hello, world] = line.querySelectorAll('span');
    expect(getComputedStyle(hello!).color).not.toBe(getComputedStyle(world!).color);
    playAt(1.7);
    expect(getComputedStyle(hello!).color).toBe(getComputedStyle(world!).color);
  });

  it('shows plain lyrics as lines of text, keeping the gaps between verses', async () => {
    seed.lyrics(makePlainLyrics(song._id, 'Verse one\nStill one\n\nVerse two'));
    renderWithProviders(<LyricsView />);
    const region = screen.getByRole('region', { name: 'Lyrics' });
    expect(await within(region).findByText('Verse one')).toBeInTheDocument();
    expect(within(region).getByText('Still one').tagName).toBe('P');
    expect(within(region).getByText('Verse two')).toBeInTheDocument();
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
    expect(region.querySelectorAll('[aria-hidden="true"]')).toHaveLength(1);
  });

  it('shows markup in lyrics as text', async () => {
    seed.lyrics(
      makeLyrics(song._id, [{ start: 0, value: '<b>x</b> <img src=x onerror=alert(1)>' }]),
      makePlainLyrics('2', '<i>plain</i>'),
    );
    renderWithProviders(<LyricsView />);
    const region = screen.getByRole('region', { name: 'Lyrics' });
    expect(
      await within(region).findByText('<b>x</b> <img src=x onerror=alert(1)>'),
    ).toBeInTheDocument();
    expect(region.querySelector('b, img')).toBeNull();

    const other = makeSong('2');
    seed.songs(other);
    act(() => usePlayer.getState().playFrom(other, [other]));
    expect(await within(region).findByText('<i>plain</i>')).toBeInTheDocument();
    expect(region.querySelector('i')).toBeNull();
  });

  it('says so when the song has no lyrics', async () => {
    renderWithProviders(<LyricsView />);
    expect(await screen.findByText('No lyrics')).toBeInTheDocument();
  });

  it('shows a spinner while loading, and a line when loading fails', async () => {
    const held = holdRoute(LYRICS_ROUTE);
    renderWithProviders(<LyricsView />);
    expect(screen.getByRole('progressbar', { name: 'Loading lyrics' })).toBeInTheDocument();
    held.release();
    expect(await screen.findByText('No lyrics')).toBeInTheDocument();

    failRoute(LYRICS_ROUTE, 500, 'Boom');
    const other = makeSong('2');
    seed.songs(other);
    act(() => usePlayer.getState().playFrom(other, [other]));
    expect(await screen.findByText('Failed to load lyrics')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  });
});
