import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { usePlayer } from '@/lib/player/player-store';
import { recordImageDownloads } from '@/test/image-downloads';
import { makePlaylist, makeSong, makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { answer, failRoute } from '@/test/mock-api/server';
import { findPlaylist, seed, store } from '@/test/mock-api/store';
import { logIn, renderApp, stubMediaElement } from '@/test/render-app';

beforeEach(() => {
  stubMediaElement();
  logIn();
});
afterEach(() => usePlayer.getState().reset());

/** Picks `playlist` in the Add to Playlist dialog opened from the song card's menu. */
async function addToPlaylist(user: UserEvent, song: string, playlist: string) {
  await user.click(
    (await screen.findAllByRole('button', { name: `More options for ${song}` }))[0]!,
  );
  await user.click(screen.getByRole('menuitem', { name: 'Add to Playlist' }));
  const choices = within(screen.getByRole('list', { name: 'Your playlists' }));
  // Each choice is an item of the list, so a screen reader counts them.
  const choice = choices
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(playlist));
  await user.click(within(choice!).getByRole('button'));
}

async function openDashboard() {
  const view = renderApp('/user/dashboard');
  await screen.findByRole('heading', { name: 'Ada Listener' });
  return view;
}

const songs = Array.from({ length: 10 }, (_, index) => makeSong(String(index + 1)));
/** A default playlist of an admin: every listener sees it, none may change it. */
const staffPicks = makePlaylist('d', {
  name: 'Staff Picks',
  isDefault: true,
  owner: { _id: 'admin', name: 'Admin' },
});

// Whole-screen tests with many clicks: slow when the suite runs in parallel.
describe('User dashboard', { timeout: 20_000 }, () => {
  it('shows the profile card with the first letter, e-mail, counters and the breadcrumb', async () => {
    seed.library({ songs, liked: [songs[0]!], saved: [], recent: [songs[1]!] });
    await openDashboard();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'HomeDashboard',
    );
    expect(screen.getByText('A')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(await screen.findByLabelText('Liked Songs: 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Library Songs: 0')).toBeInTheDocument();
    expect(screen.getByLabelText('Recently Played: 1')).toBeInTheDocument();
    // Home: Recently Played, then the first 8 songs as Popular Songs.
    expect(await screen.findByRole('list', { name: 'Recently Played' })).toBeInTheDocument();
    const popular = screen.getByRole('list', { name: 'Popular Songs' });
    expect(within(popular).getAllByRole('listitem')).toHaveLength(8);
  });

  it('asks for the first card’s cover with the page’s head, at the highest priority', async () => {
    const downloads = recordImageDownloads();
    const recent = makeSong('first-cover');
    seed.library({ songs: [...songs, recent], recent: [recent] });
    await openDashboard();
    await waitFor(() =>
      expect(downloads[0]).toEqual({
        src: '/media/images/first-cover.jpg?size=300',
        priority: 'high',
      }),
    );
    const recentList = await screen.findByRole('list', { name: 'Recently Played' });
    // The card's own image asks for the same URL, so the downloaded picture is the one painted.
    expect(recentList.querySelector('img')).toHaveAttribute('src', downloads[0]!.src);
  });

  it('shows each tab’s empty text', async () => {
    const { user } = await openDashboard();
    expect(await screen.findByText('No songs available')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recently Played' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Liked Songs' }));
    expect(await screen.findByText("You haven't liked any songs yet")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Browse Songs' }));
    expect(screen.getByRole('tab', { name: 'Browse' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: 'Library' }));
    expect(await screen.findByText('Your library is empty')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Playlists' }));
    expect(await screen.findByText("You haven't created any playlists yet")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create First Playlist' })).toBeInTheDocument();
  });

  it('shows fallbacks on a song card: Unknown Title, Unknown Artist, mm:ss, default cover', async () => {
    seed.songs(makeSong('x', { title: '', artist: ' ', duration: 185 }));
    await openDashboard();
    const card = await screen.findByRole('article', { name: 'Unknown Title' });
    expect(within(card).getByText('Unknown Artist')).toBeInTheDocument();
    expect(within(card).getByText('03:05')).toBeInTheDocument();
    const cover = card.querySelector('img');
    expect(cover).toHaveAttribute('src', '/media/images/x.jpg?size=300');
    cover?.dispatchEvent(new Event('error'));
    await waitFor(() => expect(cover).toHaveAttribute('src', '/media/defaults/song.jpg'));
  });

  it('searches on click and Enter, never with blank text, and says when nothing matched', async () => {
    seed.songs(...songs);
    const { user } = await openDashboard();
    const box = screen.getByRole('textbox', { name: 'Search songs' });
    const button = screen.getByRole('button', { name: 'Search' });
    expect(button).toBeDisabled();
    await user.type(box, '   ');
    expect(button).toBeDisabled();
    await user.keyboard('{Enter}');
    const searchCalls = () => requestsTo('GET /api/user/songs/search');
    expect(searchCalls()).toHaveLength(0);

    await user.clear(box);
    await user.type(box, 'velvet moon{Enter}');
    expect(await screen.findByText('No results found for "velvet moon"')).toBeInTheDocument();
    expect(searchCalls()[0]?.query.get('query')).toBe('velvet moon');

    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(screen.queryByText(/No results found/)).not.toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('shows results and clears the search on a tab change', async () => {
    seed.songs(...songs);
    const { user } = await openDashboard();
    await user.type(screen.getByRole('textbox', { name: 'Search songs' }), 'song 3');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const results = await screen.findByRole('list', { name: 'Search Results' });
    expect(within(results).getByRole('heading', { name: 'Song 3' })).toBeInTheDocument();
    expect(within(results).getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByRole('tab', { name: 'Library' }));
    expect(screen.queryByRole('list', { name: 'Search Results' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search songs' })).toHaveValue('');
  });

  it('toasts an error when the search fails', async () => {
    seed.songs(...songs);
    failRoute('GET /api/user/songs/search', 500);
    const { user } = await openDashboard();
    await user.type(screen.getByRole('textbox', { name: 'Search songs' }), 'x{Enter}');
    expect(await screen.findByText('Error searching for songs')).toBeInTheDocument();
  });

  it('likes a song and toasts, or toasts the failure', async () => {
    seed.songs(...songs);
    const { user } = await openDashboard();
    await user.click((await screen.findAllByRole('button', { name: 'Like Song 1' }))[0]!);
    expect(await screen.findByText('Added to your Liked Songs')).toBeInTheDocument();
  });

  it('keeps a like on the server: the heart flips, stays filled on the next visit, and unlikes', async () => {
    seed.songs(...songs);
    const first = await openDashboard();
    await first.user.click((await screen.findAllByRole('button', { name: 'Like Song 1' }))[0]!);
    expect(await screen.findByLabelText('Liked Songs: 1')).toBeInTheDocument();
    const [heart] = await screen.findAllByRole('button', { name: 'Unlike Song 1' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(store.likes.get(makeUser()._id)).toEqual(['1']);
    first.unmount();

    // A new visit (nothing cached): the heart comes from the server's answer alone.
    const second = await openDashboard();
    const [kept] = await screen.findAllByRole('button', { name: 'Unlike Song 1' });
    expect(screen.getByLabelText('Liked Songs: 1')).toBeInTheDocument();
    await second.user.click(kept!);
    expect(await screen.findByText('Removed from your Liked Songs')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryAllByRole('button', { name: 'Unlike Song 1' })).toHaveLength(0),
    );
    expect(screen.getByLabelText('Liked Songs: 0')).toBeInTheDocument();
    expect(store.likes.get(makeUser()._id)).toEqual([]);
  });

  it('toasts a failed like and a failed library change', async () => {
    seed.songs(...songs);
    failRoute('PUT /api/user/songs/1/like', 500);
    failRoute('PUT /api/user/songs/1/save', 500);
    const { user } = await openDashboard();
    await user.click((await screen.findAllByRole('button', { name: 'Like Song 1' }))[0]!);
    expect(await screen.findByText('Failed to update Liked Songs')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'More options for Song 1' })[0]!);
    await user.click(screen.getByRole('menuitem', { name: 'Add to Library' }));
    expect(await screen.findByText('Failed to update Library')).toBeInTheDocument();
  });

  it('adds to the library from the menu', async () => {
    seed.songs(...songs);
    const { user } = await openDashboard();
    await user.click(
      (await screen.findAllByRole('button', { name: 'More options for Song 2' }))[0]!,
    );
    await user.click(screen.getByRole('menuitem', { name: 'Add to Library' }));
    expect(await screen.findByText('Added to your Library')).toBeInTheDocument();
    expect(store.saves.get(makeUser()._id)).toEqual(['2']);
  });

  it('downloads with the server’s file name and toasts, or toasts the failure', async () => {
    seed.songs(...songs);
    const createUrl = vi.fn(() => 'blob:song');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() }),
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    const { user } = await openDashboard();
    answer(
      'GET /api/user/songs/:id/download',
      () =>
        new HttpResponse('ID3', {
          status: 200,
          headers: {
            'Content-Disposition': `attachment; filename="Song_1_Cadenza.mp3"; filename*=UTF-8''S%C3%B6ng_1_Cadenza.mp3`,
          },
        }),
    );
    await user.click(
      (await screen.findAllByRole('button', { name: 'More options for Song 1' }))[0]!,
    );
    await user.click(screen.getByRole('menuitem', { name: 'Download' }));
    expect(screen.getByText('Downloading song...')).toBeInTheDocument();
    expect(await screen.findByText('Successfully downloaded "Song 1"')).toBeInTheDocument();
    expect(clicked).toEqual(['Söng_1_Cadenza.mp3']);
    const download = requestsTo('GET /api/user/songs/:id/download').at(-1);
    expect(download?.path).toBe('/api/user/songs/1/download');
    expect(download?.headers.get('Authorization')).toBe('Bearer test-token');

    failRoute('GET /api/user/songs/:id/download', 404);
    await user.click(screen.getAllByRole('button', { name: 'More options for Song 1' })[0]!);
    await user.click(screen.getByRole('menuitem', { name: 'Download' }));
    expect(await screen.findByText('Failed to download song')).toBeInTheDocument();
  });

  it('creates a playlist: the button waits for a name; private unless made public; success toast', async () => {
    seed.songs(...songs);
    const { user } = await openDashboard();
    await user.click(screen.getByRole('tab', { name: 'Playlists' }));
    await user.click(await screen.findByRole('button', { name: 'Create First Playlist' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Playlist' });
    const create = within(dialog).getByRole('button', { name: 'Create Playlist' });
    expect(create).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Playlist Name/), '   ');
    expect(create).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Playlist Name/), 'Road Trip');
    await user.type(within(dialog).getByLabelText('Description (Optional)'), 'Highway');
    const text = new File(['x'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(within(dialog).getByLabelText('Cover image'), { target: { files: [text] } });
    expect(within(dialog).getByText('Please choose an image file')).toBeInTheDocument();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:cover', revokeObjectURL: vi.fn() }),
    );
    const image = new File(['png'], 'cover.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText('Cover image'), { target: { files: [image] } });
    expect(within(dialog).getByRole('img', { name: 'Cover preview' })).toHaveAttribute(
      'src',
      'blob:cover',
    );
    const isPublic = within(dialog).getByRole('switch', {
      name: 'Public: anyone with the link can open it',
    });
    expect(isPublic).not.toBeChecked();
    await user.click(create);
    expect(await screen.findByText('Playlist created successfully')).toBeInTheDocument();
    const body = requestsTo('POST /api/user/playlists')[0]?.body as FormData;
    expect(body.get('name')).toBe('Road Trip');
    expect(body.get('description')).toBe('Highway');
    expect(body.get('isPublic')).toBe('false');
    const cover = body.get('coverImage') as File;
    expect([cover.name, cover.type, await cover.text()]).toEqual(['cover.png', 'image/png', 'png']);
    expect(store.playlists.map((entry) => entry.playlist)).toMatchObject([
      { name: 'Road Trip', description: 'Highway', isPublic: false },
    ]);
  });

  it('creates a public playlist when its owner turns the switch on', async () => {
    seed.songs(...songs);
    const { user } = await openDashboard();
    await user.click(screen.getByRole('tab', { name: 'Playlists' }));
    await user.click(await screen.findByRole('button', { name: 'Create First Playlist' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Playlist' });
    await user.type(within(dialog).getByLabelText(/Playlist Name/), 'Shared');
    await user.click(
      within(dialog).getByRole('switch', { name: 'Public: anyone with the link can open it' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create Playlist' }));
    expect(await screen.findByText('Playlist created successfully')).toBeInTheDocument();
    const body = requestsTo('POST /api/user/playlists')[0]?.body as FormData;
    expect(body.get('isPublic')).toBe('true');
  });

  it('toasts a failed playlist creation', async () => {
    seed.songs(...songs);
    failRoute('POST /api/user/playlists', 500);
    const { user } = await openDashboard();
    await user.click(screen.getByRole('tab', { name: 'Playlists' }));
    await user.click(await screen.findByRole('button', { name: 'Create First Playlist' }));
    await user.type(screen.getByLabelText(/Playlist Name/), 'Mix');
    await user.click(screen.getByRole('button', { name: 'Create Playlist' }));
    expect(await screen.findByText('Failed to create playlist')).toBeInTheDocument();
  });

  it('offers only own playlists in Add to Playlist, or says there are none', async () => {
    seed.library({ songs, playlists: [staffPicks] });
    const { user } = await openDashboard();
    await user.click(
      (await screen.findAllByRole('button', { name: 'More options for Song 1' }))[0]!,
    );
    await user.click(screen.getByRole('menuitem', { name: 'Add to Playlist' }));
    const dialog = screen.getByRole('dialog', { name: 'Add to Playlist' });
    expect(within(dialog).getByText("You don't have any playlists yet")).toBeInTheDocument();
    expect(within(dialog).queryByText('Staff Picks')).not.toBeInTheDocument();
    // A default playlist of an admin can be opened but not deleted.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('tab', { name: 'Playlists' }));
    expect(
      await screen.findByRole('button', { name: 'Open playlist Staff Picks' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Delete playlist Staff Picks' }),
    ).not.toBeInTheDocument();
  });

  it('counts only own playlists and invites a first one beside the featured playlists', async () => {
    seed.library({ songs, playlists: [staffPicks] });
    const { user } = await openDashboard();
    expect(await screen.findByLabelText('Playlists: 0')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Playlists' }));
    expect(await screen.findByText("You haven't created any playlists yet")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create First Playlist' })).toBeInTheDocument();
    const featured = screen.getByRole('list', { name: 'Featured Playlists' });
    expect(within(featured).getByText('Staff Picks')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create First Playlist' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Playlist' });
    await user.type(within(dialog).getByLabelText(/Playlist Name/), 'Mine');
    await user.click(within(dialog).getByRole('button', { name: 'Create Playlist' }));
    expect(await screen.findByLabelText('Playlists: 1')).toBeInTheDocument();
    const own = await screen.findByRole('list', { name: 'Playlists' });
    expect(within(own).getByText('Mine')).toBeInTheDocument();
    expect(within(own).queryByText('Staff Picks')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create First Playlist' })).not.toBeInTheDocument();
  });

  it('adds a song to an own playlist with a toast, and toasts a failure', async () => {
    seed.library({ songs, playlists: [makePlaylist('p1', { name: 'Mine' })] });
    failRoute('PUT /api/user/playlists/p1/songs/2', 500);
    const { user } = await openDashboard();
    await addToPlaylist(user, 'Song 1', 'Mine');
    expect(await screen.findByText('Song added to playlist')).toBeInTheDocument();
    expect(findPlaylist('p1')?.songIds).toEqual(['1']);
    await addToPlaylist(user, 'Song 2', 'Mine');
    expect(await screen.findByText('Failed to add song to playlist')).toBeInTheDocument();
  });

  it('says a song is already in the playlist instead of adding it again', async () => {
    seed.library({
      songs,
      playlists: [{ ...makePlaylist('p1', { name: 'Mine' }), songs: [songs[0]!] }],
    });
    const { user } = await openDashboard();
    await addToPlaylist(user, 'Song 1', 'Mine');
    expect(await screen.findByText('This song is already in the playlist.')).toBeInTheDocument();
    expect(screen.queryByText('Song added to playlist')).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to add song to playlist')).not.toBeInTheDocument();
    expect(findPlaylist('p1')?.songIds).toEqual(['1']);
  });

  it('deletes a playlist after the confirmation', async () => {
    seed.library({
      songs,
      playlists: [{ ...makePlaylist('p1', { name: 'Mine' }), songs: songs.slice(0, 3) }],
    });
    const { user } = await openDashboard();
    await user.click(screen.getByRole('tab', { name: 'Playlists' }));
    expect(await screen.findByText('3 songs')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete playlist Mine' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete playlist' });
    expect(
      within(confirm).getByText('Are you sure you want to delete the playlist "Mine"?'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Playlist deleted successfully')).toBeInTheDocument();
    expect(findPlaylist('p1')).toBeUndefined();
  });

  it('toasts a failed playlist delete', async () => {
    seed.library({ songs, playlists: [makePlaylist('p1', { name: 'Mine' })] });
    failRoute('DELETE /api/user/playlists/p1', 500);
    const { user } = await openDashboard();
    await user.click(screen.getByRole('tab', { name: 'Playlists' }));
    await user.click(await screen.findByRole('button', { name: 'Delete playlist Mine' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete playlist')).toBeInTheDocument();
  });

  it('opens a playlist from ?playlist= in the drawer, removes a song and deletes it', async () => {
    const playlist = { ...makePlaylist('p1', { name: 'Mine' }), songs: [songs[0]!] };
    seed.library({ songs, playlists: [playlist] });
    const { user } = renderApp('/user/dashboard?playlist=p1');
    expect(await screen.findByRole('heading', { name: 'Playlist: Mine' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Song 1 from playlist' }));
    expect(await screen.findByText('Song removed from playlist')).toBeInTheDocument();
    expect(findPlaylist('p1')?.songIds).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete playlist "Mine"' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Playlist deleted successfully')).toBeInTheDocument();
  });

  it('says an opened playlist is empty, and toasts a remove failure', async () => {
    seed.library({ songs, playlists: [{ ...makePlaylist('p1', { name: 'Empty' }), songs: [] }] });
    renderApp('/user/dashboard?playlist=p1');
    expect(await screen.findByText('This playlist is empty')).toBeInTheDocument();
  });

  it('toasts a playlist that fails to open', async () => {
    // No playlist "nope" on the server: it answers 404.
    seed.songs(...songs);
    renderApp('/user/dashboard?playlist=nope');
    expect(await screen.findByText('Failed to open playlist')).toBeInTheDocument();
  });

  it('toasts a failed remove from a playlist', async () => {
    const playlist = { ...makePlaylist('p1', { name: 'Mine' }), songs: [songs[0]!] };
    seed.library({ songs, playlists: [playlist] });
    failRoute('DELETE /api/user/playlists/p1/songs/1', 500);
    const { user } = renderApp('/user/dashboard?playlist=p1');
    await user.click(await screen.findByRole('button', { name: 'Remove Song 1 from playlist' }));
    expect(await screen.findByText('Failed to remove song from playlist')).toBeInTheDocument();
  });

  it('shows the queue in the drawer', async () => {
    seed.songs(...songs);
    const { user } = await openDashboard();
    await user.click(screen.getByRole('button', { name: 'Now Playing' }));
    expect(await screen.findByText('No songs in queue')).toBeInTheDocument();
  });

  it('toasts when the dashboard data or the profile fail to load', async () => {
    failRoute('GET /api/user/songs', 500);
    failRoute('GET /api/user/profile', 500);
    renderApp('/user/dashboard');
    expect(await screen.findByText('Error loading your dashboard data')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load profile information')).toBeInTheDocument();
  });

  it('counts and lists a play under Recently Played at once, without a reload', async () => {
    seed.songs(...songs);
    const { user } = await openDashboard();
    expect(await screen.findByLabelText('Recently Played: 0')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recently Played' })).not.toBeInTheDocument();
    await user.click((await screen.findAllByRole('button', { name: 'Play Song 3' }))[0]!);
    expect(await screen.findByLabelText('Recently Played: 1')).toBeInTheDocument();
    const recent = await screen.findByRole('list', { name: 'Recently Played' });
    expect(within(recent).getByRole('article', { name: 'Song 3' })).toBeInTheDocument();
  });

  it('plays a song in the bottom player with the queue built from the tab’s list', async () => {
    seed.songs(...songs);
    const { user } = await openDashboard();
    await user.click((await screen.findAllByRole('button', { name: 'Play Song 3' }))[0]!);
    const player = screen.getByRole('region', { name: 'Player' });
    expect(within(player).getByText('Song 3')).toBeInTheDocument();
    expect(usePlayer.getState().queue.map((song) => song._id)).toEqual([
      '3',
      '1',
      '2',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    await waitFor(() =>
      expect(within(player).getByRole('button', { name: 'Pause' })).toBeInTheDocument(),
    );
  });
});

describe('Dashboard song view', { timeout: 20_000 }, () => {
  it('switches between cards and a track list, and remembers the choice', async () => {
    seed.library({ songs, liked: [songs[0]!] });
    const { user, unmount } = await openDashboard();
    expect(await screen.findByRole('list', { name: 'Popular Songs' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'List' }));
    const popular = await screen.findByRole('grid', { name: 'Popular Songs' });
    expect(within(popular).getAllByRole('row', { name: /^Song / })).toHaveLength(8);
    await user.click(screen.getByRole('tab', { name: 'Browse' }));
    expect(await screen.findByRole('grid', { name: 'All Songs' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Liked Songs' }));
    const liked = await screen.findByRole('grid', { name: 'Liked Songs' });
    expect(within(liked).getByRole('row', { name: 'Song 1' })).toBeInTheDocument();

    unmount();
    await openDashboard();
    expect(await screen.findByRole('grid', { name: 'Popular Songs' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  });
});
