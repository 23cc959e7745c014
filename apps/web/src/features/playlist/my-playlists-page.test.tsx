import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makePlaylist, makeSong } from '@/test/mock-api/factories';
import { failRoute } from '@/test/mock-api/server';
import { seed } from '@/test/mock-api/store';
import { logIn, renderApp } from '@/test/render-app';

beforeEach(() => {
  logIn();
});

describe('Library: Playlists', { timeout: 20_000 }, () => {
  it('lists your playlists, then the featured ones, and opens one', async () => {
    seed.playlist(makePlaylist('mine', { name: 'Road Trip' }), [makeSong('1')]);
    seed.playlist(
      makePlaylist('staff', {
        name: 'Staff Picks',
        isDefault: true,
        owner: { _id: 'admin', name: 'Admin' },
      }),
    );
    const { user } = renderApp('/library/playlists');
    const own = await screen.findByRole('region', { name: 'Your playlists' });
    expect(within(own).getByRole('heading', { name: 'Road Trip' })).toBeInTheDocument();
    expect(within(own).getByText('1 song')).toBeInTheDocument();
    const featured = screen.getByRole('region', { name: 'Featured Playlists' });
    expect(within(featured).getByRole('heading', { name: 'Staff Picks' })).toBeInTheDocument();
    await user.click(within(own).getByRole('button', { name: 'Open playlist Road Trip' }));
    expect(await screen.findByRole('heading', { name: 'Road Trip', level: 1 })).toBeInTheDocument();
  });

  it('creates a playlist and opens its page', async () => {
    const { user } = renderApp('/library/playlists');
    expect(await screen.findByText("You haven't created any playlists yet")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Playlist' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Playlist' });
    await user.type(within(dialog).getByLabelText(/Playlist Name/), 'Fresh');
    await user.click(within(dialog).getByRole('button', { name: 'Create Playlist' }));
    expect(await screen.findByRole('heading', { name: 'Fresh', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('This playlist is empty')).toBeInTheDocument();
  });

  it('offers Retry when the list cannot be loaded', async () => {
    failRoute('GET /api/user/playlists', 500, 'Server is busy');
    renderApp('/library/playlists');
    expect(await screen.findByText('Server is busy')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
