import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { makePlaylist, makeSong } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { seedSmartPlaylist } from '@/test/mock-api/smart-playlists';
import { findPlaylist, seed, store } from '@/test/mock-api/store';
import { logIn, renderApp, stubMediaElement } from '@/test/render-app';

const songs = [
  makeSong('1', { title: 'Feeling Good', artist: 'Nina Simone', releaseYear: 1965 }),
  makeSong('2', { title: 'Sinnerman', artist: 'Nina Simone', releaseYear: 1965 }),
  makeSong('3', { title: 'Hurt', artist: 'Johnny Cash', releaseYear: 2002 }),
];
const criteria = {
  rules: {
    all: [
      { field: 'artist', operator: 'contains', value: 'nina' },
      { any: [{ field: 'year', operator: 'lt', value: 1970 }] },
    ],
  },
  sort: { field: 'title', order: 'asc' },
  limit: 50,
} as const;

beforeEach(() => {
  stubMediaElement();
  logIn();
  seed.songs(...songs);
  seedSmartPlaylist(makePlaylist('smart', { name: 'Nina', isPublic: false }), criteria);
});
afterEach(() => usePlayer.getState().reset());

async function openSmart() {
  const view = renderApp('/playlist/smart');
  await screen.findByRole('heading', { name: 'Nina', level: 1 });
  return view;
}

describe('A smart playlist’s page', { timeout: 30_000 }, () => {
  it('plays the songs its rules choose, shows the rules and hides song editing', async () => {
    const { user } = await openSmart();
    expect(screen.getByText('Private smart playlist')).toBeInTheDocument();
    const rules = await screen.findByRole('region', { name: 'Rules' });
    expect(rules).toHaveTextContent('All of these:');
    expect(rules).toHaveTextContent('Artist contains “nina”');
    expect(rules).toHaveTextContent('Any of these:Year is less than 1970');
    expect(rules).toHaveTextContent('Sorted by Title, ascending · at most 50 songs');

    for (const name of ['Reorder Feeling Good', 'Remove Feeling Good from playlist']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('heading', { name: 'Add songs' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Play Nina' }));
    expect(usePlayer.getState().current?._id).toBe('1');
    expect(usePlayer.getState().queue.map((song) => song._id)).toEqual(['1', '2']);

    await user.click(screen.getByRole('button', { name: 'Edit rules' }));
    expect(await screen.findByRole('heading', { name: 'Edit smart playlist' })).toBeInTheDocument();
  });

  it('exports the rules as an .nsp file', async () => {
    const saved: { name: string; text: Promise<string> }[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          saved.push({ name: '', text: blob.text() });
          return 'blob:nsp';
        },
        revokeObjectURL: vi.fn(),
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      const last = saved.at(-1);
      if (last) last.name = this.download;
    });
    const { user } = await openSmart();
    await user.click(screen.getByRole('button', { name: 'Export .nsp' }));
    expect(await screen.findByText('Saved Nina.nsp')).toBeInTheDocument();
    expect(requestsTo('GET /api/user/smart-playlists/smart/nsp')).toHaveLength(1);
    expect(saved[0]?.name).toBe('Nina.nsp');
    expect(JSON.parse(await saved[0]!.text)).toMatchObject({
      name: 'Nina',
      all: [{ contains: { artist: 'nina' } }, { any: [{ lt: { year: 1970 } }] }],
      sort: 'title',
      order: 'asc',
      limit: 50,
    });
  });

  it('is deleted from its page', async () => {
    const { user } = await openSmart();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /delete/i }));
    expect(await screen.findByText('Playlist deleted successfully')).toBeInTheDocument();
    expect(findPlaylist('smart')).toBeUndefined();
  });

  it("shows someone else's public smart playlist with its rules, without changing them", async () => {
    seedSmartPlaylist(
      makePlaylist('theirs', { name: 'Cash', owner: { _id: 'someone', name: 'Sam' } }),
      {
        rules: { any: [{ field: 'artist', operator: 'is', value: 'Johnny Cash' }] },
        sort: { field: 'dateAdded', order: 'desc' },
        limit: null,
      },
    );
    const { router } = renderApp('/playlist/theirs');
    await screen.findByRole('heading', { name: 'Cash', level: 1 });
    expect(await screen.findByRole('region', { name: 'Rules' })).toHaveTextContent(
      'Any of these:Artist is “Johnny Cash”',
    );
    for (const name of ['Edit', 'Edit rules', 'Export .nsp', 'Delete']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    await router.navigate('/smart-playlists/theirs/edit');
    expect(await screen.findByRole('heading', { name: 'Not your smart playlist' })).toBeVisible();
  });

  it('is not offered to add a song to', async () => {
    seed.playlist(makePlaylist('plain', { name: 'Road Trip' }));
    const { user } = await openSmart();
    await user.click(screen.getAllByRole('button', { name: 'More options for Feeling Good' })[0]!);
    await user.click(screen.getByRole('menuitem', { name: 'Add to Playlist' }));
    const list = await screen.findByRole('list', { name: 'Your playlists' });
    expect(within(list).getByText('Road Trip')).toBeInTheDocument();
    expect(within(list).queryByText('Nina')).not.toBeInTheDocument();
    expect(store.playlists).toHaveLength(2);
  });
});

describe('My Playlists with smart playlists', { timeout: 30_000 }, () => {
  it('lists a smart playlist with its icon and offers to create one', async () => {
    const { user, router } = renderApp('/library/playlists');
    const card = await screen.findByRole('article', { name: 'Nina' });
    expect(within(card).getByRole('img', { name: 'Smart playlist' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New smart playlist' }));
    expect(await screen.findByRole('heading', { name: 'New smart playlist' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/smart-playlists/new');
  });

  it('imports an .nsp file and opens it', async () => {
    const { user } = renderApp('/library/playlists');
    await screen.findByRole('article', { name: 'Nina' });
    const nsp = {
      name: 'Imported Cash',
      comment: 'From Navidrome',
      all: [{ is: { artist: 'Johnny Cash' } }],
      sort: 'title',
      order: 'asc',
    };
    const file = new File([JSON.stringify(nsp)], 'cash.nsp', { type: 'application/json' });
    await user.upload(screen.getByLabelText('Smart playlist file (.nsp)'), file);
    expect(
      await screen.findByRole('heading', { name: 'Imported Cash', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Imported "Imported Cash"')).toBeInTheDocument();
    expect(requestsTo('POST /api/user/smart-playlists/nsp')[0]?.body).toEqual(nsp);
    expect(screen.getByRole('row', { name: 'Hurt' })).toBeInTheDocument();
  });

  it("shows the server's reason when it refuses a file", async () => {
    const { user } = renderApp('/library/playlists');
    await screen.findByRole('article', { name: 'Nina' });
    const nsp = { name: 'Odd', all: [{ is: { mood: 'happy' } }] };
    const file = new File([JSON.stringify(nsp)], 'odd.nsp', { type: 'application/json' });
    await user.upload(screen.getByLabelText('Smart playlist file (.nsp)'), file);
    expect(
      await screen.findByText('nsp.all[0]: field "mood" is not supported'),
    ).toBeInTheDocument();

    await user.upload(
      screen.getByLabelText('Smart playlist file (.nsp)'),
      new File(['not json'], 'broken.nsp'),
    );
    expect(
      await screen.findByText('This file is not a smart playlist (.nsp): it is not a JSON object.'),
    ).toBeInTheDocument();
    expect(requestsTo('POST /api/user/smart-playlists/nsp')).toHaveLength(1);
  });
});

describe('The dashboard with smart playlists', { timeout: 30_000 }, () => {
  it('lists one with its icon, opens it read-only and offers to create one', async () => {
    const { user, router } = renderApp('/user/dashboard');
    await user.click(await screen.findByRole('tab', { name: 'Playlists' }));
    const card = await screen.findByRole('article', { name: 'Nina' });
    expect(within(card).getByRole('img', { name: 'Smart playlist' })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Open playlist Nina' }));
    const songsList = await screen.findByRole('list', { name: 'Songs of Nina' });
    expect(within(songsList).getAllByRole('listitem')).toHaveLength(2);
    expect(
      screen.queryByRole('button', { name: 'Remove Feeling Good from playlist' }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close panel' }));

    await user.click(await screen.findByRole('link', { name: 'New smart playlist' }));
    expect(await screen.findByRole('heading', { name: 'New smart playlist' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/smart-playlists/new');
  });
});
