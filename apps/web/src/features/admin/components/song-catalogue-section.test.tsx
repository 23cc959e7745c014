import { songCatalogueMessages } from '@cadenza/contract/song-catalogue-form';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, makeSong } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { findSong, seed } from '@/test/mock-api/store';
import { logIn, renderApp } from '@/test/render-app';
import { LYRICS_REMOVED_HINT } from './song-catalogue-section';

const SYNCED = {
  songId: 's1',
  synced: true,
  language: null,
  offsetMs: 0,
  source: 'embedded' as const,
  lines: [
    { start: 1500, value: 'First line' },
    {
      start: 3000,
      value: 'Second line',
      words: [
        { start: 3000, value: 'Second ' },
        { start: 3500, value: 'line' },
      ],
    },
  ],
};

/** Edit Song for "Duet" by Ana Lead feat. Bo Guest, track 2 of disc 1, with synced lyrics. */
async function openEditSong({ withLyrics = true } = {}) {
  logIn(adminUser);
  seed.songs(
    makeSong('s1', {
      title: 'Duet',
      artist: 'Ana Lead feat. Bo Guest',
      artists: [
        { _id: 'ana', name: 'Ana Lead', role: 'main' },
        { _id: 'bo', name: 'Bo Guest', role: 'featured' },
      ],
      trackNumber: 2,
      discNumber: 1,
    }),
  );
  if (withLyrics) seed.lyrics(SYNCED);
  const view = renderApp('/admin/dashboard?tab=songs');
  await view.user.click(await screen.findByRole('button', { name: 'Edit Duet' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit Song' });
  const section = within(dialog).getByRole('region', { name: 'Catalogue' });
  return { ...view, dialog, section };
}

async function update(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: 'Update Song' }));
  expect(await screen.findByText('Song updated successfully')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Song' })).toBeNull());
  const [request] = requestsTo('PUT /api/admin/songs/s1');
  return request?.body as FormData;
}

describe('Edit Song’s Catalogue section', { timeout: 20_000 }, () => {
  it('shows the song’s track, disc, artists with roles and lyrics as LRC', async () => {
    const { section } = await openEditSong();
    expect(within(section).getByRole('spinbutton', { name: 'Track' })).toHaveValue(2);
    expect(within(section).getByRole('spinbutton', { name: 'Disc' })).toHaveValue(1);
    expect(within(section).getByRole('textbox', { name: 'Artist 1' })).toHaveValue('Ana Lead');
    expect(within(section).getByRole('combobox', { name: 'Role of artist 1' })).toHaveTextContent(
      'Main',
    );
    expect(within(section).getByRole('textbox', { name: 'Artist 2' })).toHaveValue('Bo Guest');
    expect(within(section).getByRole('combobox', { name: 'Role of artist 2' })).toHaveTextContent(
      'Featured',
    );
    await waitFor(() =>
      expect(within(section).getByRole('textbox', { name: 'Lyrics' })).toHaveValue(
        '[00:01.50]First line\n[00:03.00]<00:03.00>Second <00:03.50>line',
      ),
    );
  });

  it('sends nothing of it when nothing changed', async () => {
    const { user, dialog, section } = await openEditSong();
    await waitFor(() =>
      expect(within(section).getByRole('textbox', { name: 'Lyrics' })).not.toHaveValue(''),
    );
    const form = await update(user, dialog);
    for (const field of ['trackNumber', 'discNumber', 'artists', 'lyrics']) {
      expect(form.get(field)).toBeNull();
    }
  });

  it('sends the track, disc and artists changed: a row added, a role changed, one removed', async () => {
    const { user, dialog, section } = await openEditSong({ withLyrics: false });
    const track = within(section).getByRole('spinbutton', { name: 'Track' });
    await user.clear(track);
    await user.type(track, '7');
    const disc = within(section).getByRole('spinbutton', { name: 'Disc' });
    await user.clear(disc);
    await user.type(disc, '2');
    await user.click(within(section).getByRole('button', { name: 'Add artist' }));
    await user.type(within(section).getByRole('textbox', { name: 'Artist 3' }), 'Cy Third');
    await user.click(within(section).getByRole('combobox', { name: 'Role of artist 3' }));
    await user.click(await screen.findByRole('option', { name: 'Main' }));
    await user.click(within(section).getByRole('button', { name: 'Remove artist 2' }));

    const form = await update(user, dialog);
    expect(form.get('trackNumber')).toBe('7');
    expect(form.get('discNumber')).toBe('2');
    expect(JSON.parse(form.get('artists') as string)).toEqual([
      { name: 'Ana Lead', role: 'main' },
      { name: 'Cy Third', role: 'main' },
    ]);
    expect(findSong('s1')).toMatchObject({
      trackNumber: 7,
      discNumber: 2,
      displayArtist: 'Ana Lead & Cy Third',
    });
  });

  it('refuses artists without a main one, and a track out of range, before sending', async () => {
    const { user, dialog, section } = await openEditSong({ withLyrics: false });
    await user.click(within(section).getByRole('button', { name: 'Remove artist 1' }));
    const track = within(section).getByRole('spinbutton', { name: 'Track' });
    await user.clear(track);
    await user.type(track, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Update Song' }));
    expect(
      await within(section).findByText(songCatalogueMessages.mainArtistRequired),
    ).toBeInTheDocument();
    expect(within(section).getByText(songCatalogueMessages.trackNumber)).toBeInTheDocument();
    expect(requestsTo('PUT /api/admin/songs/s1')).toHaveLength(0);
  });

  it('loads a .lrc file’s text into the lyrics, and sends it', async () => {
    const { user, dialog, section } = await openEditSong({ withLyrics: false });
    const lrc = new File(['[00:05.00]From the file'], 'duet.lrc', { type: '' });
    await user.upload(within(section).getByLabelText('Lyrics file'), lrc);
    await waitFor(() =>
      expect(within(section).getByRole('textbox', { name: 'Lyrics' })).toHaveValue(
        '[00:05.00]From the file',
      ),
    );
    const form = await update(user, dialog);
    expect(form.get('lyrics')).toBe('[00:05.00]From the file');
  });

  it('removes the lyrics: the field empties, says so, and an empty text is sent', async () => {
    const { user, dialog, section } = await openEditSong();
    const lyrics = within(section).getByRole('textbox', { name: 'Lyrics' });
    await waitFor(() => expect(lyrics).not.toHaveValue(''));
    await user.click(within(section).getByRole('button', { name: 'Remove lyrics' }));
    expect(lyrics).toHaveValue('');
    expect(within(section).getByText(LYRICS_REMOVED_HINT)).toBeInTheDocument();
    const form = await update(user, dialog);
    expect(form.get('lyrics')).toBe('');
  });
});
