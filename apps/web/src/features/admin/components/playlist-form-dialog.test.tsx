import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, jsonResponse, logIn, renderApp } from '@/test/render-app';
import { callsOf, makeAdminPlaylist, mockApi, ok, page, type Routes } from '../test/admin-fixtures';
import { installFakeXhr, lastXhr } from '@/test/fake-xhr';
import { makeSong } from '@/test/songs';

const songs = [
  makeSong('s1', { title: 'First Light' }),
  makeSong('s2', { title: 'Second Wind', artist: 'Harbour Lights' }),
  makeSong('s3', { title: 'Third Rail' }),
];

function openPlaylists(routes: Routes) {
  logIn(adminUser);
  const fetchMock = mockApi({
    'GET /api/admin/songs': () => jsonResponse(200, page(songs)),
    ...routes,
  });
  return { ...renderApp('/admin/dashboard?tab=playlists'), fetchMock };
}

describe('Create/Edit Playlist dialog', { timeout: 15_000 }, () => {
  it('creates a default public playlist with the chosen songs in one multipart request', async () => {
    installFakeXhr();
    const { user } = openPlaylists({
      'GET /api/admin/playlists': () => jsonResponse(200, page([])),
    });
    await user.click(await screen.findByRole('button', { name: 'Create Playlist' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Playlist' });
    const submit = within(dialog).getByRole('button', { name: 'Create Playlist' });
    expect(submit).toBeDisabled();
    expect(within(dialog).getByRole('switch', { name: 'Default' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Public' })).toBeChecked();
    await user.type(within(dialog).getByLabelText(/^Playlist Name/), 'Road Trip');
    expect(submit).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Add Songs' }));
    const picker = screen.getByRole('dialog', { name: 'Add Songs to Playlist' });
    expect(await within(picker).findByText('0 songs selected')).toBeInTheDocument();
    await user.click(within(picker).getByRole('checkbox', { name: /^Second Wind by / }));
    await user.type(within(picker).getByLabelText('Filter songs'), 'first');
    expect(within(picker).queryByText('Third Rail')).not.toBeInTheDocument();
    await user.click(within(picker).getByRole('checkbox', { name: /^First Light by / }));
    expect(within(picker).getByText('2 songs selected')).toBeInTheDocument();
    await user.click(within(picker).getByRole('button', { name: 'Confirm Selection' }));

    const chosen = within(dialog).getByRole('list', { name: 'Playlist songs' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Second Wind'), expect.stringContaining('First Light')]);
    await user.click(within(dialog).getByRole('switch', { name: 'Public' }));
    await user.click(submit);

    await waitFor(() => expect(lastXhr().url).toBe('/api/admin/playlists'));
    const form = lastXhr().body as FormData;
    expect(lastXhr().method).toBe('POST');
    expect(form.get('name')).toBe('Road Trip');
    expect(form.get('isDefault')).toBe('true');
    expect(form.get('isPublic')).toBe('false');
    expect(form.getAll('songs')).toEqual(['s2', 's1']);
    act(() => lastXhr().respond(201, ok(makeAdminPlaylist('p9', { name: 'Road Trip' }))));
    expect(await screen.findByText('Playlist created successfully')).toBeInTheDocument();
  });

  it("shows 'No songs available. Please add songs first.' when the library is empty", async () => {
    const { user } = openPlaylists({
      'GET /api/admin/playlists': () => jsonResponse(200, page([])),
      'GET /api/admin/songs': () => jsonResponse(200, page([])),
    });
    await user.click(await screen.findByRole('button', { name: 'Create Playlist' }));
    await user.click(screen.getByRole('button', { name: 'Add Songs' }));
    const picker = screen.getByRole('dialog', { name: 'Add Songs to Playlist' });
    expect(
      await within(picker).findByText('No songs available. Please add songs first.'),
    ).toBeInTheDocument();
  });

  it('edits without sending the song list, then adds and removes songs one call each', async () => {
    installFakeXhr();
    const playlist = makeAdminPlaylist('p1', { name: 'Morning', songCount: 2 });
    const { user, fetchMock } = openPlaylists({
      'GET /api/admin/playlists': () => jsonResponse(200, page([playlist])),
      'GET /api/admin/playlists/p1': () =>
        jsonResponse(200, ok({ ...playlist, songs: [songs[0], songs[1]] })),
      'DELETE /api/admin/playlists/p1/songs/s1': () => jsonResponse(200, ok(playlist)),
      'PUT /api/admin/playlists/p1/songs/s3': () => jsonResponse(200, ok(playlist)),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Morning' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Playlist' });
    expect(within(dialog).getByLabelText(/^Playlist Name/)).toHaveValue('Morning');
    await user.click(await within(dialog).findByRole('button', { name: 'Remove First Light' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Songs' }));
    const picker = screen.getByRole('dialog', { name: 'Add Songs to Playlist' });
    expect(await within(picker).findByText('1 songs selected')).toBeInTheDocument();
    await user.click(within(picker).getByRole('checkbox', { name: /^Third Rail by / }));
    await user.click(within(picker).getByRole('button', { name: 'Confirm Selection' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(lastXhr().method).toBe('PUT'));
    expect(lastXhr().url).toBe('/api/admin/playlists/p1');
    expect((lastXhr().body as FormData).getAll('songs')).toEqual([]);
    act(() => lastXhr().respond(200, ok(playlist)));
    expect(await screen.findByText('Playlist updated successfully')).toBeInTheDocument();
    expect(callsOf(fetchMock)).toEqual(
      expect.arrayContaining([
        'DELETE /api/admin/playlists/p1/songs/s1',
        'PUT /api/admin/playlists/p1/songs/s3',
      ]),
    );
  });

  it("shows 'Failed to save playlist' when saving fails without a message", async () => {
    installFakeXhr();
    const { user } = openPlaylists({
      'GET /api/admin/playlists': () => jsonResponse(200, page([])),
    });
    await user.click(await screen.findByRole('button', { name: 'Create Playlist' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Playlist' });
    await user.type(within(dialog).getByLabelText(/^Playlist Name/), 'Road Trip');
    await user.click(within(dialog).getByRole('button', { name: 'Create Playlist' }));
    await waitFor(() => expect(lastXhr().url).toBe('/api/admin/playlists'));
    act(() => lastXhr().respond(500));
    expect(await within(dialog).findByText('Failed to save playlist')).toBeInTheDocument();
  });
});
