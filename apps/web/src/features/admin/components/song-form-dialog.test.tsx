import { currentYear, type SongFileDetails } from '@cadenza/contract/song-form';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { MuiScope } from '@/components/mui-scope';
import { installFakeXhr, lastXhr } from '@/test/fake-xhr';
import { adminUser, makeSong } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { failRoute } from '@/test/mock-api/server';
import { findSong, seed } from '@/test/mock-api/store';
import { logIn, renderApp } from '@/test/render-app';
import { SongFormDialog } from './song-form-dialog';

const NO_TAGS: SongFileDetails = {
  title: null,
  artist: null,
  album: null,
  genre: null,
  releaseYear: null,
  duration: null,
  coverImage: null,
  coverNote: null,
};
const TAGS: SongFileDetails = {
  title: 'Tagged Title',
  artist: 'Tagged Artist',
  album: 'Tagged Album',
  genre: 'rock',
  releaseYear: 2019,
  duration: 201,
  coverImage: 'data:image/png;base64,iVBORw0KGgo=',
  coverNote: null,
};

const mp3 = () => new File([new Uint8Array(2048)], 'song.mp3', { type: 'audio/mpeg' });

/** The Add Song dialog of an empty library; the server reads `tags` from song.mp3. */
async function openAddSong(tags: SongFileDetails = NO_TAGS) {
  logIn(adminUser);
  seed.audioTags('song.mp3', tags);
  const view = renderApp('/admin/dashboard?tab=songs');
  await view.user.click((await screen.findAllByRole('button', { name: 'Add Song' }))[0]!);
  const dialog = screen.getByRole('dialog', { name: 'Add New Song' });
  return { ...view, dialog };
}

describe('Add/Edit Song dialog', { timeout: 15_000 }, () => {
  afterEach(() => vi.useRealTimers());

  it('keeps Add Song disabled without a title, an artist or an audio file', async () => {
    const { user, dialog } = await openAddSong();
    const submit = within(dialog).getByRole('button', { name: 'Add Song' });
    expect(submit).toBeDisabled();

    await user.type(within(dialog).getByLabelText(/^Title/), 'Song');
    await user.type(within(dialog).getByLabelText(/^Artist/), 'Band');
    expect(submit).toBeDisabled();

    await user.upload(within(dialog).getByLabelText('Audio file'), mp3());
    await waitFor(() => expect(submit).toBeEnabled());

    await user.clear(within(dialog).getByLabelText(/^Artist/));
    expect(submit).toBeDisabled();
  });

  it('has the defaults of docs/product.md: genre pop, this year, duration 0, and the seven genres', async () => {
    const { user, dialog } = await openAddSong();
    expect(within(dialog).getByLabelText(/^Release Year/)).toHaveValue(currentYear());
    expect(within(dialog).getByLabelText(/^Duration/)).toHaveValue(0);
    await user.click(within(dialog).getByRole('combobox', { name: 'Genre' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Pop', 'Rock', 'Hip-hop', 'Jazz', 'Classical', 'Electronic', 'Other']);
    expect(screen.getByRole('option', { name: 'Pop' })).toHaveAttribute('aria-selected', 'true');
  });

  it("fills the fields from the file's tags, except what the admin already typed, and previews the embedded cover", async () => {
    const { user, dialog } = await openAddSong(TAGS);
    await user.type(within(dialog).getByLabelText(/^Title/), 'My Own Title');
    await user.upload(within(dialog).getByLabelText('Audio file'), mp3());

    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Artist/)).toHaveValue('Tagged Artist'),
    );
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue('My Own Title');
    expect(within(dialog).getByLabelText(/^Album/)).toHaveValue('Tagged Album');
    expect(within(dialog).getByRole('combobox', { name: 'Genre' })).toHaveTextContent('Rock');
    expect(within(dialog).getByLabelText(/^Release Year/)).toHaveValue(2019);
    expect(within(dialog).getByLabelText(/^Duration/)).toHaveValue(201);
    expect(within(dialog).getByRole('img', { name: 'Cover preview' })).toHaveAttribute(
      'src',
      TAGS.coverImage,
    );
    expect(within(dialog).getByText('Cover from the audio file')).toBeInTheDocument();
    const [inspect] = requestsTo('POST /api/admin/songs/inspect');
    expect(((inspect?.body as FormData).get('audioFile') as File).name).toBe('song.mp3');

    // Every field stays editable after the pre-fill.
    await user.clear(within(dialog).getByLabelText(/^Album/));
    await user.type(within(dialog).getByLabelText(/^Album/), 'Another Album');
    expect(within(dialog).getByLabelText(/^Album/)).toHaveValue('Another Album');
  });

  it("says why a file's picture is not used when the server left it out for its size", async () => {
    const note = 'The picture inside the audio file is larger than 10 MB, so it was left out.';
    const { user, dialog } = await openAddSong({ ...TAGS, coverImage: null, coverNote: note });
    await user.upload(within(dialog).getByLabelText('Audio file'), mp3());
    expect(await within(dialog).findByText(note)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Artist/)).toHaveValue('Tagged Artist');
    expect(within(dialog).queryByRole('img', { name: 'Cover preview' })).toBeNull();
  });

  it('refuses a file that is not audio', async () => {
    const { dialog } = await openAddSong();
    // The picker's accept list already hides such files; a drop or an odd picker may not.
    fireEvent.change(within(dialog).getByLabelText('Audio file'), {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'The audio file must be MP3, M4A/AAC, FLAC, Ogg/Opus or WAV.',
    );
    expect(within(dialog).getByRole('button', { name: 'Add Song' })).toBeDisabled();
  });

  it('checks the release year (1900 to this year) and the duration (at least 1) before sending', async () => {
    const { user, dialog } = await openAddSong();
    const requests = () => requestsTo('POST /api/admin/songs');
    await user.type(within(dialog).getByLabelText(/^Title/), 'Song');
    await user.type(within(dialog).getByLabelText(/^Artist/), 'Band');
    await user.upload(within(dialog).getByLabelText('Audio file'), mp3());
    const year = within(dialog).getByLabelText(/^Release Year/);
    const duration = within(dialog).getByLabelText(/^Duration/);
    const submit = within(dialog).getByRole('button', { name: 'Add Song' });
    const yearMessage = `Release year must be between 1900 and ${currentYear()}`;

    await user.clear(year);
    await user.type(year, '1899');
    await user.click(submit);
    expect(await within(dialog).findByText(yearMessage)).toBeInTheDocument();
    expect(within(dialog).getByText('Duration must be at least 1 second')).toBeInTheDocument();

    await user.clear(year);
    await user.type(year, String(currentYear() + 1));
    await user.click(submit);
    expect(await within(dialog).findByText(yearMessage)).toBeInTheDocument();

    await user.clear(year);
    await user.type(year, '1900');
    await user.clear(duration);
    await user.type(duration, '1');
    await user.click(submit);
    await waitFor(() => expect(requests()).toHaveLength(1));
    expect(within(dialog).queryByText(yearMessage)).not.toBeInTheDocument();
    const [request] = requests();
    const form = request?.body as FormData;
    expect(request?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(form.get('releaseYear')).toBe('1900');
    expect(form.get('duration')).toBe('1');
    expect(form.get('genre')).toBe('pop');
    expect((form.get('audioFile') as File).name).toBe('song.mp3');
  });

  it("shows the server's message when saving fails, else 'Failed to save song'", async () => {
    const { user, dialog } = await openAddSong(TAGS);
    await user.upload(within(dialog).getByLabelText('Audio file'), mp3());
    const submit = within(dialog).getByRole('button', { name: 'Add Song' });
    await waitFor(() => expect(submit).toBeEnabled());

    failRoute('POST /api/admin/songs', 415, 'Unsupported audio format.');
    await user.click(submit);
    expect(await within(dialog).findByText('Unsupported audio format.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull(),
    );

    failRoute('POST /api/admin/songs', 500);
    await user.click(submit);
    expect(await within(dialog).findByText('Failed to save song')).toBeInTheDocument();
  });

  it('leaves the 90 % overlay with an error when the connection fails before any answer', async () => {
    installFakeXhr();
    const { user, dialog } = await openAddSong(TAGS);
    await user.upload(within(dialog).getByLabelText('Audio file'), mp3());
    const submit = within(dialog).getByRole('button', { name: 'Add Song' });
    await waitFor(() => expect(submit).toBeEnabled());

    await user.click(submit);
    act(() => lastXhr().progress(1024, 1024));
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '90');
    act(() => lastXhr().fail());
    expect(await within(dialog).findByText('Failed to save song')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull(),
    );
    // The dialog can be left, or the save tried again.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(submit).toBeEnabled();
  });

  it('edits without a new file: the current one is kept and the form goes out with PUT', async () => {
    logIn(adminUser);
    seed.songs(makeSong('s1', { title: 'Old Title', artist: 'Band', releaseYear: 2001 }));
    const { user } = renderApp('/admin/dashboard?tab=songs');
    await user.click(await screen.findByRole('button', { name: 'Edit Old Title' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Song' });
    expect(within(dialog).getByText('Optional: the current file is kept')).toBeInTheDocument();
    const title = within(dialog).getByLabelText(/^Title/);
    await user.clear(title);
    await user.type(title, 'New Title');
    await user.click(within(dialog).getByRole('button', { name: 'Update Song' }));
    expect(await screen.findByText('Song updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Song' })).toBeNull());
    const [request] = requestsTo('PUT /api/admin/songs/s1');
    const form = request?.body as FormData;
    expect(form.get('title')).toBe('New Title');
    expect(form.get('audioFile')).toBeNull();
    expect(findSong('s1')).toMatchObject({ title: 'New Title', audioFile: '/media/audio/s1.mp3' });
  });
});

describe('Upload overlay', { timeout: 15_000 }, () => {
  afterEach(() => vi.useRealTimers());

  it('shows real progress capped at 90, then 100 and the processing text, cannot be closed, and closes 500 ms after the answer', async () => {
    installFakeXhr();
    logIn(adminUser);
    const onClose = vi.fn();
    const song = makeSong('s1', { title: 'Old Title' });
    render(
      <AppProviders>
        <MuiScope>
          <SongFormDialog song={song} onClose={onClose} />
        </MuiScope>
      </AppProviders>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Update Song' }));
    const overlay = await screen.findByRole('dialog', { name: 'Uploading' });
    const bar = within(overlay).getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(
      within(overlay).getByText(
        'Please wait while your file is being uploaded to the cloud. This may take a moment depending on file size.',
      ),
    ).toBeInTheDocument();

    vi.useFakeTimers();
    act(() => lastXhr().progress(512, 1024));
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    act(() => lastXhr().progress(1024, 1024));
    expect(bar).toHaveAttribute('aria-valuenow', '90');
    expect(within(overlay).getByText('90%')).toBeInTheDocument();

    // Neither Escape, nor the backdrop, nor the form's Cancel close it while uploading.
    fireEvent.keyDown(overlay, { key: 'Escape' });
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Edit Song', hidden: true }), {
      key: 'Escape',
    });
    expect(screen.getByRole('button', { name: 'Cancel', hidden: true })).toBeDisabled();
    expect(onClose).not.toHaveBeenCalled();

    await act(async () => {
      lastXhr().respond(200, { success: true, data: song });
      await vi.advanceTimersByTimeAsync(0);
    });
    const done = screen.getByRole('dialog', { name: 'Upload complete' });
    expect(within(done).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(within(done).getByText('Upload complete! Processing...')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(onClose).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
