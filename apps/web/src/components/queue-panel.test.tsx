import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { makeSong } from '@/test/mock-api/factories';
import { logIn, renderWithProviders, stubMediaElement } from '@/test/render-app';
import { QueuePanel } from './queue-panel';

const album = ['1', '2', '3', '4'].map((id) => makeSong(id));
const source = { kind: 'album', label: 'Low Tide', path: '/album/low-tide' } as const;
const ids = () => usePlayer.getState().queue.map((song) => song._id);
const queueList = () => screen.getByRole('list', { name: 'Queue' });

beforeEach(() => {
  stubMediaElement();
  logIn();
});
afterEach(() => usePlayer.getState().reset());

describe('the queue panel', () => {
  it('shows Now Playing, Next up, Next from its source and History', async () => {
    act(() => {
      usePlayer.getState().playFrom(album[0]!, album.slice(1), source);
      usePlayer.getState().next();
      usePlayer.getState().addToQueue([makeSong('9')]);
    });
    renderWithProviders(<QueuePanel />);
    expect(screen.getByRole('heading', { name: 'Now Playing' })).toBeInTheDocument();
    const headings = within(queueList())
      .getAllByRole('heading')
      .map((heading) => heading.textContent);
    expect(headings).toEqual(['Next upClear', 'Next from: Low TideClear', 'History']);
    expect(screen.getByRole('link', { name: 'Low Tide' })).toHaveAttribute(
      'href',
      '/album/low-tide',
    );
    expect(screen.getByRole('button', { name: 'Pause Song 2' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('says when the queue is empty', () => {
    renderWithProviders(<QueuePanel />);
    expect(screen.getByText('No songs in queue')).toBeInTheDocument();
  });

  it('moves a row with Alt+Up and Alt+Down, keeps its focus and says where it went', async () => {
    act(() => usePlayer.getState().playFrom(album[0]!, album.slice(1), source));
    const { user } = renderWithProviders(<QueuePanel />);
    const row = screen.getByRole('button', { name: 'Play Song 4 now' });
    row.focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(ids()).toEqual(['1', '2', '4', '3']);
    expect(document.activeElement).toHaveAccessibleName('Play Song 4 now');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Song 4 moved to position 2 of 3, in the queue.',
    );
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(ids()).toEqual(['1', '4', '2', '3']);
    // The current song stays on top.
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(ids()).toEqual(['1', '4', '2', '3']);
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(ids()).toEqual(['1', '2', '4', '3']);
  });

  it('removes rows one by one and clears Next up and the queue', async () => {
    act(() => {
      usePlayer.getState().playFrom(album[0]!, album.slice(1), source);
      usePlayer.getState().playNext([makeSong('8'), makeSong('9')]);
    });
    const { user } = renderWithProviders(<QueuePanel />);
    await user.click(screen.getByRole('button', { name: 'Remove Song 8 from the queue' }));
    expect(ids()).toEqual(['1', '9', '2', '3', '4']);
    screen.getByRole('button', { name: 'Play Song 3 now' }).focus();
    await user.keyboard('{Delete}');
    expect(ids()).toEqual(['1', '9', '2', '4']);
    await user.click(screen.getByRole('button', { name: 'Clear Next up' }));
    expect(ids()).toEqual(['1', '2', '4']);
    await user.click(screen.getByRole('button', { name: 'Clear queue' }));
    expect(ids()).toEqual(['1']);
    expect(screen.queryByRole('heading', { name: /Next from/ })).not.toBeInTheDocument();
  });

  it('a History row plays again', async () => {
    act(() => {
      usePlayer.getState().playFrom(album[0]!, album.slice(1), source);
      usePlayer.getState().next();
    });
    const { user } = renderWithProviders(<QueuePanel />);
    await user.click(screen.getByRole('button', { name: 'Play Song 1 again' }));
    expect(usePlayer.getState().current?._id).toBe('1');
    expect(ids()).toEqual(['1', '2', '3', '4']);
  });

  it("opens a row's song menu on right-click, with Remove from queue after the song's actions", async () => {
    act(() => {
      usePlayer.getState().playFrom(album[0]!, album.slice(1), source);
      usePlayer.getState().next();
    });
    const { user } = renderWithProviders(<QueuePanel />);
    const entries = async (button: string) => {
      fireEvent.contextMenu(screen.getByRole('button', { name: button }), {
        clientX: 40,
        clientY: 60,
      });
      const menu = await screen.findByRole('menu');
      return within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
    };

    expect(await entries('Play Song 3 now')).toEqual([
      'Play next',
      'Add to queue',
      'Start radio',
      'Add to Library',
      'Add to Playlist',
      'Download',
      'Share',
      'Go to album',
      'Go to artist',
      'Remove from queue',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Remove from queue' }));
    expect(ids()).toEqual(['2', '4']);
    expect(screen.getByRole('status')).toHaveTextContent('Song 3 removed from the queue.');

    // The current song and a History row have the song's actions only.
    expect(await entries('Pause Song 2')).not.toContain('Remove from queue');
    await user.keyboard('{Escape}');
    expect(await entries('Play Song 1 again')).toContain('Play next');
    await user.click(screen.getByRole('menuitem', { name: 'Play next' }));
    expect(ids()).toEqual(['2', '1', '4']);
  });

  it('renders only the rows on screen of a 10,000-song queue', () => {
    const many = Array.from({ length: 10_000 }, (_, index) => makeSong(`s${index}`));
    act(() => usePlayer.getState().playFrom(many[0]!, many.slice(1), source));
    renderWithProviders(<QueuePanel />);
    const rows = within(queueList()).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
  });

  it('draws a queue changed elsewhere after the change itself, in a later pass', async () => {
    act(() => usePlayer.getState().playFrom(album[0]!, album.slice(1), source));
    // What the rest of the page shows of the player, drawn in the change's own pass.
    function NowPlayingTitle() {
      const current = usePlayer((state) => state.current);
      return <p data-testid="now">{current?.title}</p>;
    }
    renderWithProviders(
      <>
        <NowPlayingTitle />
        <QueuePanel />
      </>,
    );
    const other = ['7', '8'].map((id) => makeSong(id));
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      usePlayer.getState().playFrom(other[0]!, other.slice(1), null);
      // The store's own update is committed in a microtask; the deferred rows wait for a task.
      await Promise.resolve();
      await Promise.resolve();
      expect(screen.getByTestId('now')).toHaveTextContent('Song 7');
      expect(screen.getByRole('button', { name: 'Pause Song 1' })).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Pause Song 7' })).toBeInTheDocument();
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    }
    // Reset here, inside act: the deferred pass left the panel subscribed to the player.
    act(() => usePlayer.getState().reset());
  });
});
