import { libraryMessages } from '@cadenza/contract/library';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, makeSong } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { failRoute } from '@/test/mock-api/server';
import { seed } from '@/test/mock-api/store';
import { logIn, renderApp } from '@/test/render-app';

function openDashboard() {
  logIn(adminUser);
  return renderApp('/admin/dashboard');
}

const panel = async () => screen.findByRole('region', { name: 'Library folders' });
const count = (region: HTMLElement, label: string) =>
  within(region).getByRole('group', { name: label });

describe('Library folders', { timeout: 15_000 }, () => {
  it('says plainly when no music folders are set up, with Scan disabled', async () => {
    openDashboard();
    const region = await panel();
    expect(await within(region).findByText(libraryMessages.notConfigured)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Scan' })).toBeDisabled();
  });

  it('says when the server does not transcode, and how to make it', async () => {
    openDashboard();
    const region = await panel();
    expect(await within(region).findByLabelText('Transcoding')).toHaveTextContent(
      /^Transcoding is off: only files browsers play are taken in.*Install ffmpeg on the server/,
    );
  });

  it('names the ffmpeg that transcodes, and the formats it makes', async () => {
    seed.libraryScan({
      transcoding: { available: true, version: '5.1.6', formats: ['mp3', 'opus'] },
    });
    openDashboard();
    const region = await panel();
    expect(await within(region).findByLabelText('Transcoding')).toHaveTextContent(
      'Transcoding with ffmpeg 5.1.6: files in other formats are converted as they play (to mp3, opus).',
    );
  });

  it('shows the folders and the last scan: time, counts and the files it could not take', async () => {
    seed.libraryScan({
      configured: true,
      folders: ['/srv/music', '/mnt/archive'],
      startedAt: '2026-11-23T06:00:00.000Z',
      finishedAt: '2026-11-23T06:02:05.000Z',
      elapsedMs: 125_000,
      seen: 1204,
      added: 12,
      updated: 3,
      moved: 2,
      removed: 1,
      unchanged: 1183,
      errorCount: 5,
      errors: [
        {
          path: '/srv/music/tape/side-a.mp2',
          message: libraryMessages.unsupportedCodec('MPEG layer II audio'),
        },
        { path: '/srv/music/broken.flac', message: libraryMessages.unreadableAudio },
      ],
    });
    openDashboard();
    const region = await panel();
    const folders = await within(region).findByRole('list', { name: 'Folders' });
    expect(
      within(folders)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['/srv/music', '/mnt/archive']);
    expect(within(region).getByRole('status')).toHaveTextContent(
      /^Last scan finished .+, took 2 min 5 s$/,
    );
    expect(count(region, 'Files seen')).toHaveTextContent('1,204');
    expect(count(region, 'Added')).toHaveTextContent('12');
    expect(count(region, 'Updated')).toHaveTextContent('3');
    expect(count(region, 'Moved')).toHaveTextContent('2');
    expect(count(region, 'Removed')).toHaveTextContent('1');
    expect(count(region, 'Unchanged')).toHaveTextContent('1,183');
    expect(count(region, 'Errors')).toHaveTextContent('5');
    const errors = within(region).getByRole('list', { name: 'Files the scan could not take' });
    expect(within(errors).getAllByRole('listitem')[0]).toHaveTextContent(
      `/srv/music/tape/side-a.mp2${libraryMessages.unsupportedCodec('MPEG layer II audio')}`,
    );
    expect(within(errors).getAllByRole('listitem')).toHaveLength(2);
    expect(within(region).getByText('…and 3 more.')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Scan' })).toBeEnabled();
  });

  it('lists the edits made by hand that changed files replaced, with their fields', async () => {
    seed.libraryScan({
      configured: true,
      folders: ['/srv/music'],
      startedAt: '2026-11-23T06:00:00.000Z',
      finishedAt: '2026-11-23T06:00:05.000Z',
      elapsedMs: 5_000,
      seen: 2,
      updated: 2,
      replacedEdits: [
        { path: '/srv/music/a/01 Song.flac', fields: ['title', 'lyrics'] },
        { path: '/srv/music/a/02 Other.lrc', fields: ['lyrics'] },
      ],
    });
    openDashboard();
    const region = await panel();
    const list = await within(region).findByRole('list', {
      name: 'Edits replaced by changed files',
    });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['/srv/music/a/01 Song.flactitle, lyrics', '/srv/music/a/02 Other.lrclyrics']);
  });

  it('lists no replaced edits when there are none', async () => {
    seed.libraryScan({ configured: true, folders: ['/srv/music'] });
    openDashboard();
    const region = await panel();
    await within(region).findByText('No scan since the server started.');
    expect(within(region).queryByText('Edits replaced by changed files')).toBeNull();
  });

  it('starts a scan, follows it while it runs, and refreshes the songs when it ends', async () => {
    seed.libraryScan({ configured: true, folders: ['/srv/music'] });
    const { user } = openDashboard();
    const region = await panel();
    expect(
      await within(region).findByText('No scan since the server started.'),
    ).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Scan' }));
    expect(await within(region).findByRole('button', { name: 'Scanning…' })).toBeDisabled();
    expect(requestsTo('POST /api/admin/library/scan')).toHaveLength(1);
    expect(within(region).getByRole('status')).toHaveTextContent(/^Scanning since /);

    // The server finishes with one new song; the next poll shows it.
    seed.songs(makeSong('scanned', { genre: 'jazz' }));
    seed.libraryScan({
      running: false,
      finishedAt: new Date().toISOString(),
      elapsedMs: 850,
      seen: 1,
      added: 1,
    });
    expect(await within(region).findByRole('button', { name: 'Scan' })).toBeEnabled();
    expect(count(region, 'Added')).toHaveTextContent('1');
    expect(within(region).getByRole('status')).toHaveTextContent(/took 850 ms$/);
    expect(await screen.findByText('Jazz: 1')).toBeInTheDocument();
  });

  it("shows the server's message when the status cannot be loaded", async () => {
    failRoute('GET /api/admin/library/scan', 503, 'The library is busy.');
    openDashboard();
    const region = await panel();
    expect(await within(region).findByText('The library is busy.')).toBeInTheDocument();
  });

  it('shows why a scan did not start', async () => {
    seed.libraryScan({ configured: true, folders: ['/srv/music'] });
    failRoute('POST /api/admin/library/scan', 503, 'Try again in a minute.');
    const { user } = openDashboard();
    const region = await panel();
    await user.click(await within(region).findByRole('button', { name: 'Scan' }));
    await waitFor(() =>
      expect(within(region).getByRole('alert')).toHaveTextContent('Try again in a minute.'),
    );
  });
});
