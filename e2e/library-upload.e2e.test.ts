import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAsAdmin } from './support/accounts';
import { launchBrowser, openPage, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/** The same bytes as the first new song, under another name. */
const COPY = '04 Harbour Lights (copy).mp3';

/** Three new songs, each tagged, in three codecs browsers play (fixtures/low-tide). */
const NEW_SONGS = ['01 Harbour Lights.mp3', '02 Salt Road.flac', '03 Lantern Hour.ogg'].map(
  (file, index) => ({
    file,
    title: file.replace(/^\d+ |\.\w+$/g, ''),
    artist: 'The Night Ferries',
    track: index + 1,
  }),
);
const REFUSED = '05 Old Tape.mp3';
/** The servers here run without ffmpeg (an empty PATH), so that what browsers cannot play is refused. */
const WITHOUT_FFMPEG = { PATH: '' };
const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'low-tide');

let server: RunningServer;
let browser: Browser;
let work: string;
let folder: string;

/** The folder an admin uploads: 3 new songs, a copy of one of them, MP2 audio in an
 *  .mp3 (browsers cannot play it, and these servers have no ffmpeg to play it through), and
 *  what a real album folder also holds: a cover and a Finder file, which stay behind. */
function writeAlbumFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  for (const file of [...NEW_SONGS.map((song) => song.file), REFUSED]) {
    fs.copyFileSync(path.join(FIXTURES, file), path.join(dir, file));
  }
  fs.copyFileSync(path.join(dir, NEW_SONGS[0]!.file), path.join(dir, COPY));
  fs.writeFileSync(path.join(dir, 'cover.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]));
  fs.writeFileSync(path.join(dir, '.DS_Store'), 'Bud1');
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-e2e-library-'));
  folder = path.join(work, 'Low Tide');
  writeAlbumFolder(folder);
  server = await startServer({ DEMO_LIBRARY: 'true', ...WITHOUT_FFMPEG });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

const fileRow = (dialog: Locator, name: string) =>
  dialog.getByRole('list', { name: 'Files' }).getByRole('listitem', { name: `Low Tide/${name}` });

describe('bulk upload in the browser', () => {
  it('an admin uploads a whole folder and sees what was added, what was already there and what was refused', async () => {
    const admin = await openPage(browser, server.url);
    const { page } = admin;
    await logInAsAdmin(page);
    await page.getByRole('tab', { name: 'Songs', exact: true }).click();
    await page.getByRole('button', { name: 'Upload music' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload music' });
    await expect
      .poll(() => dialog.getByText('Drop audio files or folders here').isVisible())
      .toBe(true);
    await screenshot(page, 'library-upload-empty-1440', { fullPage: false });

    // The folder picker hands over every file below the folder; only audio goes out.
    await dialog.getByLabel('Music folder').setInputFiles(folder);
    const summary = dialog.getByLabel('Summary');
    await expect
      .poll(() => summary.textContent(), { timeout: 30_000 })
      .toBe('3 added, 1 duplicate, 1 refused');
    expect(await dialog.getByText('5 of 5 files done').isVisible()).toBe(true);
    expect(await dialog.getByText('2 files were left out: not audio, or hidden.').isVisible()).toBe(
      true,
    );

    // The copy and its original went out side by side: whichever the server took second is the
    // duplicate of the other.
    const [first, ...others] = NEW_SONGS;
    const firstSong = `${first!.title} — ${first!.artist}`;
    const twins = [
      (await fileRow(dialog, first!.file).textContent()) ?? '',
      (await fileRow(dialog, COPY).textContent()) ?? '',
    ];
    expect(twins.filter((text) => text.includes(`Added: ${firstSong}`))).toHaveLength(1);
    expect(
      twins.filter((text) => text.includes(`Duplicate: already in the library as ${firstSong}`)),
    ).toHaveLength(1);
    for (const song of others) {
      expect(await fileRow(dialog, song.file).textContent()).toContain(
        `Added: ${song.title} — ${song.artist}`,
      );
    }
    const refused = (await fileRow(dialog, '05 Old Tape.mp3').textContent()) ?? '';
    expect(refused).toMatch(
      /Refused: .*cannot be played by browsers.*install ffmpeg on the server/,
    );
    expect(
      await dialog
        .getByRole('progressbar', { name: 'Total progress' })
        .getAttribute('aria-valuenow'),
    ).toBe('100');
    await screenshot(page, 'library-upload-done-1440', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'library-upload-done-390', { fullPage: false });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Closing needs no question now; the songs tab already lists the new songs.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const songs = page.getByRole('table', { name: 'Songs' });
    for (const song of NEW_SONGS) {
      await expect.poll(() => songs.getByText(song.title, { exact: true }).count()).toBe(1);
    }
    expect(await songs.getByText('Old Tape').count()).toBe(0);

    // The browser logs the refused request (415); nothing else may show up.
    expect(admin.problems.filter((problem) => !/status of 415/.test(problem))).toEqual([]);
    await admin.context.close();
  });

  it('without music folders, the dashboard says so plainly and offers no scan', async () => {
    const admin = await openPage(browser, server.url);
    const { page } = admin;
    await logInAsAdmin(page);
    const panel = page.getByRole('region', { name: 'Library folders' });
    await expect
      .poll(() => panel.getByText('No music folders are set up', { exact: false }).isVisible())
      .toBe(true);
    expect(await panel.getByRole('button', { name: 'Scan' }).isDisabled()).toBe(true);
    await screenshot(page, 'library-folders-unset-1440');
    expect(admin.problems).toEqual([]);
    await admin.context.close();
  });

  it('with music folders, an admin scans them and sees the counts and the files refused', async () => {
    const music = path.join(work, 'music');
    fs.cpSync(folder, path.join(music, 'Low Tide'), { recursive: true });
    const scanning = await startServer({
      DEMO_LIBRARY: 'false',
      MUSIC_DIR: music,
      ...WITHOUT_FFMPEG,
    });
    try {
      const admin = await openPage(browser, scanning.url);
      const { page } = admin;
      await logInAsAdmin(page);
      const panel = page.getByRole('region', { name: 'Library folders' });
      await expect.poll(() => panel.getByText(music, { exact: true }).isVisible()).toBe(true);
      const scan = panel.getByRole('button', { name: 'Scan' });
      // The server scans once when it starts; then the admin asks for another.
      await expect.poll(() => scan.isEnabled(), { timeout: 30_000 }).toBe(true);
      const started = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/admin/library/scan') &&
          response.request().method() === 'POST',
      );
      await scan.click();
      expect((await started).status()).toBe(202);
      // Until this scan has finished, the panel shows it running (or the answer already says done).
      const status = panel.getByRole('status');
      const seen = panel.getByRole('group', { name: 'Files seen' });
      await expect
        .poll(async () => `${await status.textContent()} | ${await seen.textContent()}`, {
          timeout: 30_000,
        })
        .toMatch(/^Last scan finished .+ \| Files seen5$/);
      const errors = panel.getByRole('list', { name: 'Files the scan could not take' });
      await expect
        .poll(() => errors.getByText('05 Old Tape.mp3', { exact: false }).count(), {
          timeout: 10_000,
        })
        .toBe(1);
      await screenshot(page, 'library-folders-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'library-folders-390');

      // The scanned songs are in the library.
      await page.getByRole('tab', { name: 'Songs', exact: true }).click();
      const songs = page.getByRole('table', { name: 'Songs' });
      for (const song of NEW_SONGS) {
        await expect.poll(() => songs.getByText(song.title, { exact: true }).count()).toBe(1);
      }
      expect(admin.problems).toEqual([]);
      await admin.context.close();
    } finally {
      await scanning.stop();
    }
  });
});
