import { LIBRARY_UPLOAD_CONCURRENCY, libraryMessages } from '@cadenza/contract/library';
import type { SongFileDetails } from '@cadenza/contract/song-form';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeXhr, installFakeXhr } from '@/test/fake-xhr';
import { adminUser, makeSong } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { breakRoute, failRoute, server } from '@/test/mock-api/server';
import { seed, store } from '@/test/mock-api/store';
import { logIn, renderApp } from '@/test/render-app';
import { CONNECTION_LOST, SERVER_FAILED } from '../lib/upload-queue';

const UPLOADS = 'POST /api/admin/library/uploads';
const MP2_REFUSAL = libraryMessages.unsupportedCodec('MPEG layer II audio');

const tags = (title: string, artist: string): SongFileDetails => ({
  title,
  artist,
  album: null,
  genre: 'jazz',
  releaseYear: 2020,
  duration: 200,
  coverImage: null,
  coverNote: null,
});

/** A file as a folder picker hands it over: with its path inside the chosen folder. */
function inFolder(path: string, content = path, type = ''): File {
  const file = new File([content], path.split('/').at(-1) ?? path, { type });
  Object.defineProperty(file, 'webkitRelativePath', { value: path });
  return file;
}

async function openBulkUpload() {
  logIn(adminUser);
  const view = renderApp('/admin/dashboard?tab=songs');
  await view.user.click(await screen.findByRole('button', { name: 'Upload music' }));
  const dialog = screen.getByRole('dialog', { name: 'Upload music' });
  return { ...view, dialog };
}

const row = (dialog: HTMLElement, path: string) =>
  within(within(dialog).getByRole('list', { name: 'Files' })).getByRole('listitem', { name: path });

describe('Upload music', { timeout: 15_000 }, () => {
  it('sits beside Add Song, which stays as it is', async () => {
    logIn(adminUser);
    renderApp('/admin/dashboard?tab=songs');
    expect(await screen.findByRole('button', { name: 'Upload music' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add Song' })[0]).toBeInTheDocument();
  });

  it('sends the audio of a chosen folder and shows each outcome, the summary, and the new songs', async () => {
    const known = seed.songs(makeSong('s1', { title: 'Blue Train', artist: 'John Coltrane' }))[0]!;
    store.libraryContents.set('blue train bytes', known._id);
    seed.audioTags('01 So What.mp3', tags('So What', 'Miles Davis'));
    seed.refusedUpload('tape.mp2', {
      status: 415,
      code: 'unsupported_codec',
      message: MP2_REFUSAL,
    });
    const { user, dialog } = await openBulkUpload();

    await user.upload(within(dialog).getByLabelText('Music folder'), [
      inFolder('Jazz/01 So What.mp3', 'so what bytes', 'audio/mpeg'),
      inFolder('Jazz/copy of blue train.flac', 'blue train bytes'),
      inFolder('Jazz/tape.mp2', 'tape bytes'),
      inFolder('Jazz/cover.jpg', 'jpeg', 'image/jpeg'),
      inFolder('Jazz/.DS_Store', 'finder'),
      inFolder('Jazz/notes.txt', 'liner notes', 'text/plain'),
    ]);

    await waitFor(() =>
      expect(row(dialog, 'Jazz/01 So What.mp3')).toHaveTextContent('Added: So What — Miles Davis'),
    );
    expect(row(dialog, 'Jazz/copy of blue train.flac')).toHaveTextContent(
      'Duplicate: already in the library as Blue Train — John Coltrane',
    );
    expect(row(dialog, 'Jazz/tape.mp2')).toHaveTextContent(`Refused: ${MP2_REFUSAL}`);
    expect(within(dialog).getByLabelText('Summary')).toHaveTextContent(
      '1 added, 1 duplicate, 1 refused',
    );
    expect(within(dialog).getByText('3 of 3 files done')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Total progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(within(dialog).getByText('3 files were left out: not audio, or hidden.')).toBeVisible();
    // Only audio went out, one file per request, in the field the contract names.
    const sent = requestsTo(UPLOADS).map((request) => (request.body as FormData).get('file'));
    expect(sent.map((file) => (file as File).name).sort()).toEqual([
      '01 So What.mp3',
      'copy of blue train.flac',
      'tape.mp2',
    ]);
    expect(within(dialog).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();

    // The batch is over: the songs tab behind shows the new song.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const table = await screen.findByRole('table', { name: 'Songs' });
    expect(await within(table).findByText('So What')).toBeInTheDocument();
  });

  it('names a file after itself when it has no title tag', async () => {
    const { user, dialog } = await openBulkUpload();
    await user.upload(
      within(dialog).getByLabelText('Audio files'),
      new File(['x'], 'Untitled Demo.ogg', { type: 'audio/ogg' }),
    );
    await waitFor(() =>
      expect(row(dialog, 'Untitled Demo.ogg')).toHaveTextContent(
        'Added: Untitled Demo — Unknown Artist',
      ),
    );
  });

  it('marks files that could not reach the server as failed, and sends them again on Retry', async () => {
    breakRoute(UPLOADS);
    const { user, dialog } = await openBulkUpload();
    await user.upload(within(dialog).getByLabelText('Audio files'), [
      new File(['a'], 'a.mp3', { type: 'audio/mpeg' }),
      new File(['b'], 'b.mp3', { type: 'audio/mpeg' }),
      new File(['c'], 'c.mp3', { type: 'audio/mpeg' }),
    ]);
    await waitFor(() =>
      expect(row(dialog, 'c.mp3')).toHaveTextContent(`Failed: ${CONNECTION_LOST}`),
    );
    expect(within(dialog).getByLabelText('Summary')).toHaveTextContent(
      '0 added, 0 duplicates, 0 refused, 3 failed',
    );

    // The server is back: one file on its own, then the rest at once.
    server.resetHandlers();
    await user.click(within(dialog).getByRole('button', { name: 'Retry a.mp3' }));
    await waitFor(() =>
      expect(row(dialog, 'a.mp3')).toHaveTextContent('Added: a — Unknown Artist'),
    );
    expect(row(dialog, 'b.mp3')).toHaveTextContent('Failed');

    await user.click(within(dialog).getByRole('button', { name: 'Retry failed' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Summary')).toHaveTextContent(
        '3 added, 0 duplicates, 0 refused',
      ),
    );
    expect(within(dialog).queryByRole('button', { name: 'Retry failed' })).not.toBeInTheDocument();
  });

  it('counts a server error as failed, not refused, and a 413 as refused with its message', async () => {
    failRoute(UPLOADS, 503);
    const { user, dialog } = await openBulkUpload();
    await user.upload(
      within(dialog).getByLabelText('Audio files'),
      new File(['a'], 'a.mp3', { type: 'audio/mpeg' }),
    );
    await waitFor(() => expect(row(dialog, 'a.mp3')).toHaveTextContent(`Failed: ${SERVER_FAILED}`));

    server.resetHandlers();
    seed.refusedUpload('huge.flac', {
      status: 413,
      code: 'upload_too_large',
      message: 'The file is larger than 200 MB.',
    });
    await user.upload(
      within(dialog).getByLabelText('Audio files'),
      new File(['h'], 'huge.flac', { type: 'audio/flac' }),
    );
    await waitFor(() =>
      expect(row(dialog, 'huge.flac')).toHaveTextContent(
        'Refused: The file is larger than 200 MB.',
      ),
    );
  });

  it(`sends at most ${LIBRARY_UPLOAD_CONCURRENCY} files at once, each with its own progress`, async () => {
    installFakeXhr();
    const { user, dialog } = await openBulkUpload();
    const names = ['1.mp3', '2.mp3', '3.mp3', '4.mp3', '5.mp3', '6.mp3', '7.mp3'];
    await user.upload(
      within(dialog).getByLabelText('Audio files'),
      names.map((name) => new File([new Uint8Array(1000)], name, { type: 'audio/mpeg' })),
    );
    const answered = new Set<FakeXhr>();
    const inFlight = () => FakeXhr.requests.filter((request) => !answered.has(request));
    const answer = (request: FakeXhr) =>
      act(async () => {
        answered.add(request);
        request.respond(201, {
          success: true,
          data: { outcome: 'added', song: makeSong(`s${answered.size}`) },
        });
        await Promise.resolve();
      });

    await waitFor(() => expect(FakeXhr.requests).toHaveLength(3));
    expect(row(dialog, '4.mp3')).toHaveTextContent('Waiting…');

    // Each file's bar follows its own bytes; the total follows all of them.
    act(() => FakeXhr.requests[1]!.progress(500, 1000));
    expect(within(row(dialog, '2.mp3')).getByRole('progressbar')).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(row(dialog, '2.mp3')).toHaveTextContent('Uploading… 50%');
    expect(within(row(dialog, '1.mp3')).getByRole('progressbar')).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    // 500 of 7000 bytes.
    expect(within(dialog).getByRole('progressbar', { name: 'Total progress' })).toHaveAttribute(
      'aria-valuenow',
      '7',
    );

    // Each answer frees a place for the next file: three on their way while files wait.
    while (answered.size < names.length) {
      expect(inFlight().length).toBe(Math.min(3, names.length - answered.size));
      await answer(inFlight()[0]!);
      await waitFor(() =>
        expect(inFlight().length).toBe(Math.min(3, names.length - answered.size)),
      );
    }
    expect(FakeXhr.requests).toHaveLength(names.length);
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Summary')).toHaveTextContent('7 added'),
    );
  });

  it('asks before closing while files are on their way, and stops them when told to', async () => {
    installFakeXhr();
    const { user, dialog } = await openBulkUpload();
    await user.upload(within(dialog).getByLabelText('Audio files'), [
      new File(['a'], 'a.mp3', { type: 'audio/mpeg' }),
      new File(['b'], 'b.mp3', { type: 'audio/mpeg' }),
    ]);
    await waitFor(() => expect(FakeXhr.requests).toHaveLength(2));

    // Leaving the page asks the browser's question.
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const question = screen.getByRole('dialog', { name: 'Stop uploading?' });
    expect(question).toHaveTextContent('2 files are still waiting or on the way.');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Stop uploading?' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Upload music' })).toBeInTheDocument();

    let aborted = 0;
    for (const request of FakeXhr.requests) request.onabort = () => (aborted += 1);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Stop uploading' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Upload music' })).not.toBeInTheDocument(),
    );
    expect(aborted).toBe(2);

    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });

  it('closes without asking once every file is answered', async () => {
    const { user, dialog } = await openBulkUpload();
    await user.upload(
      within(dialog).getByLabelText('Audio files'),
      new File(['a'], 'a.mp3', { type: 'audio/mpeg' }),
    );
    await waitFor(() => expect(row(dialog, 'a.mp3')).toHaveTextContent('Added'));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Upload music' })).not.toBeInTheDocument(),
    );
  });

  it('walks dropped folders and leaves out what is not audio', async () => {
    const { dialog } = await openBulkUpload();
    const fileEntry = (fullPath: string, type = '') => ({
      isFile: true,
      isDirectory: false,
      fullPath,
      file: (resolve: (file: File) => void) =>
        resolve(new File([fullPath], fullPath.split('/').at(-1)!, { type })),
    });
    const folderEntry = (fullPath: string, children: unknown[]) => ({
      isFile: false,
      isDirectory: true,
      fullPath,
      createReader: () => {
        // Answers in two batches, then an empty one, as browsers do.
        const batches = [children.slice(0, 1), children.slice(1), []];
        return {
          readEntries: (resolve: (entries: unknown[]) => void) => resolve(batches.shift()!),
        };
      },
    });
    const album = folderEntry('/Album', [
      fileEntry('/Album/01 Intro.flac'),
      fileEntry('/Album/cover.png', 'image/png'),
      fileEntry('/Album/._01 Intro.flac'),
      folderEntry('/Album/Disc 2', [fileEntry('/Album/Disc 2/01 Outro.m4a')]),
    ]);
    const loose = fileEntry('/single.opus');
    const item = (entry: unknown) => ({
      kind: 'file',
      webkitGetAsEntry: () => entry,
      getAsFile: () => null,
    });

    fireEvent.drop(within(dialog).getByTestId('bulk-upload-drop-zone'), {
      dataTransfer: { items: [item(album), item(loose)], files: [] },
    });

    const files = await within(dialog).findByRole('list', { name: 'Files' });
    await waitFor(() =>
      expect(
        within(files)
          .getAllByRole('listitem')
          .map((entry) => entry.getAttribute('aria-label')),
      ).toEqual(['Album/01 Intro.flac', 'Album/Disc 2/01 Outro.m4a', 'single.opus']),
    );
    expect(within(dialog).getByText('2 files were left out: not audio, or hidden.')).toBeVisible();
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Summary')).toHaveTextContent('3 added'),
    );
  });
});
