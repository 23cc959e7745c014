import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { makePlaylist, makeSong } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { failRoute } from '@/test/mock-api/server';
import { findPlaylist, seed } from '@/test/mock-api/store';
import { logIn, renderApp, stubMediaElement } from '@/test/render-app';

beforeEach(() => {
  stubMediaElement();
  logIn();
});
afterEach(() => usePlayer.getState().reset());

const songs = Array.from({ length: 4 }, (_, index) =>
  makeSong(String(index + 1), { title: `Track ${index + 1}`, duration: 120 }),
);
const others = makePlaylist('others', {
  name: 'Shared Mix',
  owner: { _id: 'someone', name: 'Sam' },
});

function songRows(): HTMLElement[] {
  const grid = screen.getByRole('grid', { name: 'Songs' });
  return within(grid)
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('data-song-index'));
}
function titles(): string[] {
  return songRows().map((row) => row.getAttribute('aria-label') ?? '');
}
const storedOrder = (id: string) => findPlaylist(id)?.songIds;

async function openMine(extra: Parameters<typeof makePlaylist>[1] = {}) {
  seed.playlist(
    makePlaylist('mine', { name: 'Road Trip', description: 'For the car', ...extra }),
    songs,
  );
  const view = renderApp('/playlist/mine');
  await screen.findByRole('heading', { name: 'Road Trip', level: 1 });
  return view;
}

describe('Playlist page', { timeout: 20_000 }, () => {
  it('shows the cover, name, description, owner, count and total length', async () => {
    await openMine();
    expect(screen.getByText('For the car')).toBeInTheDocument();
    expect(screen.getByText(/4 songs · 8 min/)).toBeInTheDocument();
    expect(screen.getByText('Ada Listener')).toBeInTheDocument();
    expect(titles()).toEqual(['Track 1', 'Track 2', 'Track 3', 'Track 4']);
    // No uploaded cover: a collage of the songs' covers.
    expect(screen.getByTestId('playlist-cover-mosaic')).toBeInTheDocument();
  });

  it('plays from the first song, and shuffles', async () => {
    const { user } = await openMine();
    await user.click(screen.getByRole('button', { name: 'Play Road Trip' }));
    expect(usePlayer.getState().current?._id).toBe('1');
    expect(usePlayer.getState().queue).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Shuffle Road Trip' }));
    expect(usePlayer.getState().shuffle).toBe(true);
  });

  it('moves a song with the keyboard and saves the move', async () => {
    const { user } = await openMine();
    const handle = screen.getByRole('button', { name: 'Reorder Track 1' });
    handle.focus();
    await user.keyboard(' ');
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent(
      'Picked up Track 1, position 1 of 4.',
    );
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(titles()).toEqual(['Track 2', 'Track 3', 'Track 1', 'Track 4']);
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent(
      'Track 1, position 3 of 4.',
    );
    expect(requestsTo('PUT /api/user/playlists/mine/songs/1/position')).toHaveLength(0);
    await user.keyboard(' ');
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent(
      'Dropped Track 1 at position 3 of 4.',
    );
    await waitFor(() => expect(storedOrder('mine')).toEqual(['2', '3', '1', '4']));
    expect(requestsTo('PUT /api/user/playlists/mine/songs/1/position')[0]?.body).toEqual({
      position: 2,
    });
    expect(titles()).toEqual(['Track 2', 'Track 3', 'Track 1', 'Track 4']);
  });

  it('puts a song back with Escape, without saving', async () => {
    const { user } = await openMine();
    screen.getByRole('button', { name: 'Reorder Track 2' }).focus();
    await user.keyboard(' {ArrowUp}{Escape}');
    expect(titles()).toEqual(['Track 1', 'Track 2', 'Track 3', 'Track 4']);
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent(
      'Move cancelled.',
    );
    expect(requestsTo('PUT /api/user/playlists/mine/songs/2/position')).toHaveLength(0);
  });

  it('moves a song by drag and drop', async () => {
    await openMine();
    const handle = screen.getByRole('button', { name: 'Reorder Track 4' });
    const rows = songRows();
    fireEvent.dragStart(handle, { dataTransfer: { setData: vi.fn(), effectAllowed: '' } });
    fireEvent.dragOver(rows[0]!);
    fireEvent.drop(rows[0]!);
    await waitFor(() => expect(storedOrder('mine')).toEqual(['4', '1', '2', '3']));
    expect(titles()).toEqual(['Track 4', 'Track 1', 'Track 2', 'Track 3']);
  });

  it('rolls a failed move back and says so', async () => {
    const { user } = await openMine();
    failRoute('PUT /api/user/playlists/:playlistId/songs/:songId/position', 500);
    screen.getByRole('button', { name: 'Reorder Track 1' }).focus();
    await user.keyboard(' {ArrowDown} ');
    expect(
      await screen.findByText('Failed to move the song. The order is as it was.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(titles()).toEqual(['Track 1', 'Track 2', 'Track 3', 'Track 4']));
  });

  it('edits the name, description and visibility', async () => {
    const { user } = await openMine();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Playlist' });
    const name = within(dialog).getByLabelText(/Playlist Name/);
    await user.clear(name);
    await user.type(name, 'Night Drive');
    await user.click(within(dialog).getByRole('switch'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByRole('heading', { name: 'Night Drive', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Private playlist')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
    expect(findPlaylist('mine')?.playlist).toMatchObject({ name: 'Night Drive', isPublic: false });
  });

  it('copies the share link of a public playlist', async () => {
    const { user } = await openMine();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/playlist/mine`);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('adds songs from the search, and says when one is already there', async () => {
    const extra = makeSong('9', { title: 'Ninth Wave' });
    seed.songs(extra);
    const { user } = await openMine();
    await user.type(screen.getByRole('searchbox', { name: 'Search for songs to add' }), 'Ninth');
    const results = await screen.findByRole('list', { name: 'Search results' });
    await user.click(within(results).getByRole('button', { name: 'Add Ninth Wave' }));
    expect(await screen.findByText('Song added to playlist')).toBeInTheDocument();
    expect(await within(results).findByRole('button', { name: 'Ninth Wave added' })).toBeDisabled();
    expect(titles()).toContain('Ninth Wave');
    expect(storedOrder('mine')).toEqual(['1', '2', '3', '4', '9']);
  });

  it('removes a song and deletes the playlist with the confirmation', async () => {
    const { user } = await openMine();
    await user.click(screen.getByRole('button', { name: 'Remove Track 2 from playlist' }));
    expect(await screen.findByText('Song removed from playlist')).toBeInTheDocument();
    await waitFor(() => expect(titles()).toEqual(['Track 1', 'Track 3', 'Track 4']));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete playlist' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete the playlist "Road Trip"?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Playlist deleted successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Playlists', level: 1 })).toBeInTheDocument();
    expect(findPlaylist('mine')).toBeUndefined();
  });

  it("shows someone else's public playlist read-only", async () => {
    seed.playlist(others, songs);
    renderApp('/playlist/others');
    await screen.findByRole('heading', { name: 'Shared Mix', level: 1 });
    expect(screen.getByText('Sam')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    for (const name of ['Edit', 'Delete', 'Reorder Track 1', 'Remove Track 1 from playlist']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('heading', { name: 'Add songs' })).not.toBeInTheDocument();
  });

  it('shows a not-found page for an unknown playlist', async () => {
    renderApp('/playlist/nope');
    expect(await screen.findByRole('heading', { name: 'Playlist not found' })).toBeInTheDocument();
  });

  it('offers Retry when the playlist cannot be loaded', async () => {
    failRoute('GET /api/user/playlists/:id', 500, 'Server is busy');
    const { user } = renderApp('/playlist/mine');
    expect(await screen.findByText('Server is busy')).toBeInTheDocument();
    seed.playlist(makePlaylist('mine', { name: 'Road Trip' }), songs);
    failRoute('GET /api/user/playlists/:id', 500, 'Still busy');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Still busy')).toBeInTheDocument();
  });
});
