import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, makeAdminPlaylist, makeSong } from '@/test/mock-api/factories';
import { requestsTo, sentRoutes } from '@/test/mock-api/routes';
import { failRoute } from '@/test/mock-api/server';
import { findPlaylist, seed, store } from '@/test/mock-api/store';
import { logIn, renderApp } from '@/test/render-app';

// The server takes only well-formed song ids in a playlist's song list.
const S1 = '0190a0a0-0000-7000-8000-000000000001';
const S2 = '0190a0a0-0000-7000-8000-000000000002';
const S3 = '0190a0a0-0000-7000-8000-000000000003';

const songs = [
  makeSong(S1, { title: 'First Light' }),
  makeSong(S2, { title: 'Second Wind', artist: 'Harbour Lights' }),
  makeSong(S3, { title: 'Third Rail' }),
];

/** The Playlists tab of an administrator, with `library` on the server. */
function openPlaylists(library = songs) {
  logIn(adminUser);
  seed.songs(...library);
  return renderApp('/admin/dashboard?tab=playlists');
}

describe('Create/Edit Playlist dialog', { timeout: 30_000 }, () => {
  it('creates a default public playlist with the chosen songs in one multipart request', async () => {
    const { user } = openPlaylists();
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

    expect(await screen.findByText('Playlist created successfully')).toBeInTheDocument();
    const [create] = requestsTo('POST /api/admin/playlists');
    const form = create?.body as FormData;
    expect(form.get('name')).toBe('Road Trip');
    expect(form.get('isDefault')).toBe('true');
    expect(form.get('isPublic')).toBe('false');
    expect(form.getAll('songs')).toEqual([S2, S1]);
    expect(store.playlists).toMatchObject([
      { playlist: { name: 'Road Trip', isDefault: true, isPublic: false }, songIds: [S2, S1] },
    ]);
  });

  it("shows 'No songs available. Please add songs first.' when the library is empty", async () => {
    const { user } = openPlaylists([]);
    await user.click(await screen.findByRole('button', { name: 'Create Playlist' }));
    await user.click(screen.getByRole('button', { name: 'Add Songs' }));
    const picker = screen.getByRole('dialog', { name: 'Add Songs to Playlist' });
    expect(
      await within(picker).findByText('No songs available. Please add songs first.'),
    ).toBeInTheDocument();
  });

  it('edits without sending the song list, then adds and removes songs one call each', async () => {
    seed.playlist(makeAdminPlaylist('p1', { name: 'Morning' }), [songs[0]!, songs[1]!]);
    const { user } = openPlaylists();
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

    expect(await screen.findByText('Playlist updated successfully')).toBeInTheDocument();
    const [update] = requestsTo('PUT /api/admin/playlists/p1');
    expect((update?.body as FormData).getAll('songs')).toEqual([]);
    expect(sentRoutes()).toEqual(
      expect.arrayContaining([
        `DELETE /api/admin/playlists/p1/songs/${S1}`,
        `PUT /api/admin/playlists/p1/songs/${S3}`,
      ]),
    );
    expect(findPlaylist('p1')?.songIds).toEqual([S2, S3]);
  });

  it("shows 'Failed to save playlist' when saving fails without a message", async () => {
    failRoute('POST /api/admin/playlists', 500);
    const { user } = openPlaylists();
    await user.click(await screen.findByRole('button', { name: 'Create Playlist' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Playlist' });
    await user.type(within(dialog).getByLabelText(/^Playlist Name/), 'Road Trip');
    await user.click(within(dialog).getByRole('button', { name: 'Create Playlist' }));
    expect(await within(dialog).findByText('Failed to save playlist')).toBeInTheDocument();
    expect(requestsTo('POST /api/admin/playlists')).toHaveLength(1);
  });
});
