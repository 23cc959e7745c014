import { MAX_GENRE_LENGTH, MAX_SONG_GENRES, tagGenreMessages } from '@cadenza/contract/tag-genres';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, makeSong } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { findSong, seed } from '@/test/mock-api/store';
import { tagGenre } from '@/test/mock-api/tag-genres';
import { logIn, renderApp } from '@/test/render-app';

/** The song dialog's Genres field: the song's tag genres, beside the seven-genre select. */

const mp3 = () => new File([new Uint8Array(2048)], 'song.mp3', { type: 'audio/mpeg' });

async function openEditSong() {
  logIn(adminUser);
  seed.songs(
    makeSong('s1', { title: 'Old Title', genre: 'jazz', genres: [tagGenre('Bebop')] }),
    makeSong('s2', { title: 'Other', genres: [tagGenre('Cool Jazz')] }),
  );
  const view = renderApp('/admin/dashboard?tab=songs');
  await view.user.click(await screen.findByRole('button', { name: 'Edit Old Title' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit Song' });
  return { ...view, dialog, genres: within(dialog).getByRole('combobox', { name: 'Genres' }) };
}

describe('the song dialog’s genres', { timeout: 20_000 }, () => {
  it('shows the song’s genres as chips, suggests the library’s, and sends the list as JSON', async () => {
    const { user, dialog, genres } = await openEditSong();
    expect(within(dialog).getByRole('button', { name: 'Bebop' })).toBeInTheDocument();
    await user.type(genres, 'cool');
    await user.click(await screen.findByRole('option', { name: 'Cool Jazz' }));
    await user.type(genres, 'Modal{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Update Song' }));
    expect(await screen.findByText('Song updated successfully')).toBeInTheDocument();
    const form = requestsTo('PUT /api/admin/songs/s1')[0]?.body as FormData;
    expect(JSON.parse(form.get('genres') as string)).toEqual(['Bebop', 'Cool Jazz', 'Modal']);
    // The seven-genre select is its own field, as it was.
    expect(form.get('genre')).toBe('jazz');
    expect(findSong('s1')?.genres.map((genre) => genre.name)).toEqual([
      'Bebop',
      'Cool Jazz',
      'Modal',
    ]);
  });

  it('leaves the genres out of an edit that does not change them', async () => {
    const { user, dialog } = await openEditSong();
    await user.click(within(dialog).getByRole('button', { name: 'Update Song' }));
    expect(await screen.findByText('Song updated successfully')).toBeInTheDocument();
    const form = requestsTo('PUT /api/admin/songs/s1')[0]?.body as FormData;
    expect(form.get('genres')).toBeNull();
  });

  /** Adds a song from a tagged file through the dialog, typing these genres (if any). */
  async function addSong(typed: string): Promise<FormData | undefined> {
    logIn(adminUser);
    seed.audioTags('song.mp3', {
      title: 'Tagged',
      artist: 'Band',
      album: null,
      genre: 'rock',
      releaseYear: 2020,
      duration: 120,
      coverImage: null,
      coverNote: null,
    });
    const { user } = renderApp('/admin/dashboard?tab=songs');
    await user.click((await screen.findAllByRole('button', { name: 'Add Song' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add New Song' });
    await user.upload(within(dialog).getByLabelText('Audio file'), mp3());
    await waitFor(() => expect(within(dialog).getByLabelText(/^Title/)).toHaveValue('Tagged'));
    if (typed) await user.type(within(dialog).getByRole('combobox', { name: 'Genres' }), typed);
    await user.click(within(dialog).getByRole('button', { name: 'Add Song' }));
    await waitFor(() => expect(requestsTo('POST /api/admin/songs')).toHaveLength(1));
    return requestsTo('POST /api/admin/songs')[0]?.body as FormData | undefined;
  }

  it('adds a song without genres so that its file’s are taken', async () => {
    expect((await addSong(''))?.get('genres')).toBeNull();
  });

  it('adds a song with the genres typed', async () => {
    const form = await addSong('Math Rock{Enter}');
    expect(JSON.parse(form?.get('genres') as string)).toEqual(['Math Rock']);
  });

  it('refuses a genre over the longest and more genres than a song has, before sending', async () => {
    logIn(adminUser);
    const full = Array.from({ length: MAX_SONG_GENRES }, (_, n) => tagGenre(`Genre ${n}`));
    seed.songs(makeSong('s1', { title: 'Old Title', genres: full }));
    const { user } = renderApp('/admin/dashboard?tab=songs');
    await user.click(await screen.findByRole('button', { name: 'Edit Old Title' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Song' });
    const genres = within(dialog).getByRole('combobox', { name: 'Genres' });
    // The field keeps to the longest a genre may be.
    expect(genres).toHaveAttribute('maxlength', String(MAX_GENRE_LENGTH));
    await user.type(genres, 'One Too Many{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Update Song' }));
    expect(await within(dialog).findByText(tagGenreMessages.tooMany)).toBeInTheDocument();
    expect(requestsTo('PUT /api/admin/songs/s1')).toEqual([]);
  });
});
