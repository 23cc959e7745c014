import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInAsAdmin } from './support/accounts';
import { audioTime, openPage, screenshot } from './support/browser';
import { useDemoServer } from './support/demo-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** A demo song: tagged (title, artist, album, genre, year) with an embedded cover. */
const TAGGED_MP3 = path.join(root, 'apps/server/assets/demo/01-postcards-from-the-overpass.mp3');
const TAGS = {
  title: 'Postcards from the Overpass',
  artist: 'Marigold Avenue',
  album: 'Paper Lanterns',
  releaseYear: '2023',
};
const EDITED_TITLE = 'Overpass Postcards (Admin Cut)';
/** The demo.server's answer to a file that is not audio it accepts (415). */
const NOT_AUDIO_MESSAGE = 'The audio file must be MP3, M4A/AAC, FLAC, Ogg/Opus or WAV.';
const PLAYLIST = 'Admin Picks';

const demo = useDemoServer();

async function signUpListener(page: Page): Promise<void> {
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Full Name').fill('Lena Listener');
  await form.getByLabel('Email').fill(`admin-journey.${Date.now()}@example.com`);
  await form.getByLabel('Password', { exact: true }).fill('listen-pass');
  await form.getByLabel('Confirm Password').fill('listen-pass');
  await form.getByLabel(/I agree to the Terms of Service/).check();
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL('**/user/dashboard');
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const playerTitle = (page: Page) => page.getByTestId('player-title').textContent();

async function showAllTabs(page: Page, width: number): Promise<void> {
  for (const [name, file] of [
    ['Dashboard', 'dashboard'],
    ['Users', 'users'],
    ['Songs', 'songs'],
    ['Playlists', 'playlists'],
    ['Seed Data', 'seed-data'],
    ['Inbox', 'inbox'],
  ] as const) {
    await tab(page, name).click();
    await expect.poll(() => page.getByRole('tabpanel').getByRole('progressbar').count()).toBe(0);
    await screenshot(page, `admin-${file}-${width}`);
  }
}

/** A 20 MB AIFF: audio to the demo.browser, but not a type the demo.server accepts. */
function writeAiff(dir: string): string {
  const file = path.join(dir, 'field-recording.aiff');
  const bytes = Buffer.alloc(20 * 1024 * 1024);
  bytes.write('FORM', 0, 'latin1');
  bytes.writeUInt32BE(bytes.length - 8, 4);
  bytes.write('AIFF', 8, 'latin1');
  fs.writeFileSync(file, bytes);
  return file;
}

describe('the admin dashboard in the browser', () => {
  it('keeps admin code out of the scripts every visitor downloads', async () => {
    // Every script the landing page names: its tags, and the list its inline loader starts once
    // the prerendered page has painted.
    const html = await (await fetch(`${demo.server.url}/`)).text();
    const scripts = [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)]
      .map((match) => match[1])
      .filter((src): src is string => Boolean(src));
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const code = await (await fetch(`${demo.server.url}${src}`)).text();
      expect(code, src).not.toContain('Add Songs to Playlist');
      expect(code, src).not.toContain('Upload complete! Processing...');
    }
  });

  it("an admin who picks a file the demo.server refuses sees the demo.server's message, not an endless upload, and can close the form", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-e2e-aiff-'));
    const aiff = writeAiff(dir);
    const admin = await openPage(demo.browser, demo.server.url);
    const { page } = admin;
    await logInAsAdmin(page);
    await tab(page, 'Songs').click();
    await page.getByRole('button', { name: 'Add Song' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New Song' });
    await dialog.getByLabel('Title').fill('Field Recording');
    await dialog.getByLabel('Artist').fill('Nobody');
    await dialog.getByLabel('Duration (seconds)').fill('30');
    const refusal = page.getByRole('alert').filter({ hasText: NOT_AUDIO_MESSAGE });

    // Reading its tags: the server refuses the file, and says why under it.
    const inspected = page.waitForResponse((response) => response.url().endsWith('/inspect'));
    await dialog.getByLabel('Audio file').setInputFiles(aiff);
    expect((await inspected).status()).toBe(415);
    await expect.poll(() => refusal.count(), { timeout: 30_000 }).toBe(1);

    // Saving it anyway: the overlay gives way to the server's message in the form.
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/admin/songs'));
    await dialog.getByRole('button', { name: 'Add Song' }).click();
    expect((await saved).status()).toBe(415);
    await expect.poll(() => refusal.count(), { timeout: 30_000 }).toBe(2);
    await expect
      .poll(() => page.getByRole('progressbar', { name: 'Upload progress' }).count())
      .toBe(0);
    await screenshot(page, 'admin-song-refused-1440');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.getByText('Field Recording').count()).toBe(0);

    // The browser logs each refused request; nothing else may show up.
    expect(admin.problems.filter((problem) => !/status of 415/.test(problem))).toEqual([]);
    await admin.context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('an admin uploads a tagged song, edits it, puts it in a default playlist; a listener plays both; the admin deletes the song and it is gone', async () => {
    const admin = await openPage(demo.browser, demo.server.url);
    const { page } = admin;
    await logInAsAdmin(page);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Admin' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText('Total Registered Users').isVisible()).toBe(true);

    // Admin rows cannot be deleted: the button is disabled and its wrapper explains why.
    await tab(page, 'Users').click();
    const adminDelete = page.getByRole('button', { name: /^Delete / }).first();
    await expect.poll(() => adminDelete.isDisabled()).toBe(true);
    await page.locator('span', { has: adminDelete }).hover();
    await expect
      .poll(() => page.getByRole('tooltip').textContent())
      .toBe("Can't delete admin users");

    // Upload: choosing the file fills the form from its tags and shows its embedded cover.
    await tab(page, 'Songs').click();
    await page.getByRole('button', { name: 'Add Song' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add New Song' });
    const submit = dialog.getByRole('button', { name: 'Add Song' });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel('Audio file').setInputFiles(TAGGED_MP3);
    await expect.poll(() => dialog.getByLabel('Title').inputValue()).toBe(TAGS.title);
    expect(await dialog.getByLabel('Artist').inputValue()).toBe(TAGS.artist);
    expect(await dialog.getByLabel('Album').inputValue()).toBe(TAGS.album);
    expect(await dialog.getByLabel('Release Year').inputValue()).toBe(TAGS.releaseYear);
    expect(Number(await dialog.getByLabel('Duration (seconds)').inputValue())).toBeGreaterThan(30);
    expect(await dialog.getByText('Cover from the audio file').isVisible()).toBe(true);
    expect(await dialog.getByRole('img', { name: 'Cover preview' }).getAttribute('src')).toMatch(
      /^data:image\//,
    );
    await screenshot(page, 'admin-song-prefilled-1440');

    // Slow the upload down so that the real progress can be watched below the cap.
    const cdp = await admin.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 300 * 1024,
    });
    await submit.click();
    const overlay = page.getByRole('dialog', { name: /Upload/ });
    const progress = overlay.getByRole('progressbar', { name: 'Upload progress' });
    await expect.poll(() => progress.isVisible()).toBe(true);
    expect(
      await overlay
        .getByText(
          'Please wait while your file is being uploaded to the cloud. This may take a moment depending on file size.',
        )
        .isVisible(),
    ).toBe(true);
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')))
      .toBeGreaterThan(0);
    const midway = Number(await progress.getAttribute('aria-valuenow'));
    expect(midway).toBeLessThanOrEqual(90);
    await screenshot(page, 'admin-upload-progress-1440');
    // Read in one go inside the page: the overlay closes soon after it says so.
    await page.waitForFunction(
      () =>
        document.body.innerText.includes('Upload complete! Processing...') &&
        document
          .querySelector('[role="progressbar"][aria-label="Upload progress"]')
          ?.getAttribute('aria-valuenow') === '100',
      undefined,
      { timeout: 15_000, polling: 'raf' },
    );
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => page.getByText('Song added successfully').isVisible()).toBe(true);

    const songs = page.getByRole('table', { name: 'Songs' });
    const firstRow = songs.getByRole('row').nth(1);
    await expect.poll(() => firstRow.getByText(TAGS.title).isVisible()).toBe(true);

    // Edit the title.
    await firstRow.getByRole('button', { name: `Edit ${TAGS.title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Song' });
    await edit.getByLabel('Title').fill(EDITED_TITLE);
    await edit.getByRole('button', { name: 'Update Song' }).click();
    await expect.poll(() => edit.isVisible()).toBe(false);
    await expect.poll(() => firstRow.getByText(EDITED_TITLE).isVisible()).toBe(true);

    // A default, public playlist holding it.
    await tab(page, 'Playlists').click();
    await expect.poll(() => page.getByText('No playlists created yet').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Create Playlist' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Playlist' });
    await create.getByLabel('Playlist Name').fill(PLAYLIST);
    await create.getByLabel('Description').fill('Fresh uploads, hand-picked');
    expect(await create.getByLabel('Default').isChecked()).toBe(true);
    expect(await create.getByLabel('Public').isChecked()).toBe(true);
    await create.getByRole('button', { name: 'Add Songs' }).click();
    const picker = page.getByRole('dialog', { name: 'Add Songs to Playlist' });
    await picker.getByLabel('Filter songs').fill('admin cut');
    await picker
      .getByRole('checkbox', { name: new RegExp(EDITED_TITLE.replace(/[()]/g, '\\$&')) })
      .click();
    await expect.poll(() => picker.getByText('1 songs selected').isVisible()).toBe(true);
    await screenshot(page, 'admin-song-picker-1440');
    await picker.getByRole('button', { name: 'Confirm Selection' }).click();
    await expect.poll(() => create.getByText(EDITED_TITLE).isVisible()).toBe(true);
    await create.getByRole('button', { name: 'Create Playlist' }).click();
    await expect.poll(() => page.getByText('Playlist created successfully').isVisible()).toBe(true);
    const card = page.getByRole('listitem', { name: PLAYLIST });
    await expect.poll(() => card.getByText('1 song', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText('Default').isVisible()).toBe(true);

    // Something in the inbox, sent the way the Contact and Feedback pages send it.
    const post = (path: string, body: unknown) =>
      fetch(`${demo.server.url}/api/support/${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(
      (
        await post('contact', {
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          subject: 'Playback stops after a minute',
          message: `On my phone the music stops after about a minute. ${'It happens with every song I tried, on Wi-Fi and on mobile data. '.repeat(3)}`,
          issueType: 'playback',
        })
      ).status,
    ).toBeLessThan(300);
    expect(
      (
        await post('feedback', {
          rating: 4,
          usability: 'easy',
          recommend: 'likely',
          liked: 'The dark design and the quick search.',
          improvements: 'Lyrics, please.',
        })
      ).status,
    ).toBeLessThan(300);

    await showAllTabs(page, 1440);
    await page.setViewportSize({ width: 390, height: 844 });
    await showAllTabs(page, 390);
    await page.setViewportSize({ width: 1440, height: 900 });

    // A listener sees and plays the song and the playlist.
    const listener = await openPage(demo.browser, demo.server.url);
    await signUpListener(listener.page);
    await listener.page.goto('/discover');
    const latest = listener.page.getByRole('list', { name: 'Latest Songs' });
    await expect.poll(() => latest.getByText(EDITED_TITLE).isVisible()).toBe(true);
    await latest.getByRole('button', { name: `Play ${EDITED_TITLE}` }).click();
    await expect.poll(() => playerTitle(listener.page)).toBe(EDITED_TITLE);
    await expect.poll(() => audioTime(listener.page), { timeout: 10_000 }).toBeGreaterThan(0.3);
    await listener.page
      .getByRole('list', { name: 'Your Playlists' })
      .getByRole('button', { name: `Open playlist ${PLAYLIST}` })
      .click();
    const drawer = listener.page.getByRole('dialog').filter({ hasText: `Playlist: ${PLAYLIST}` });
    await expect.poll(() => drawer.getByText(EDITED_TITLE).isVisible()).toBe(true);
    await screenshot(listener.page, 'admin-journey-listener-playlist-1440');
    // Played from the playlist (the song is still current: pause it first if it is playing).
    const songButton = (verb: string) =>
      drawer.getByRole('button', { name: `${verb} ${EDITED_TITLE}` });
    if (await songButton('Pause').isVisible()) await songButton('Pause').click();
    await songButton('Play').click();
    await expect.poll(() => playerTitle(listener.page)).toBe(EDITED_TITLE);
    await expect
      .poll(() => listener.page.evaluate(() => document.querySelector('audio')?.paused))
      .toBe(false);
    await drawer.getByRole('button', { name: 'Close panel' }).click();

    // The admin deletes the song.
    await tab(page, 'Songs').click();
    await songs.getByRole('button', { name: `Delete ${EDITED_TITLE}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Song' });
    expect(await confirm.getByText('Are you sure you want to delete this song?').isVisible()).toBe(
      true,
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText('Song deleted successfully').isVisible()).toBe(true);
    await expect.poll(() => songs.getByText(EDITED_TITLE).count()).toBe(0);

    // Gone for the listener: not in the library, and the playlist is empty.
    await listener.page.goto('/discover');
    await expect
      .poll(() => listener.page.getByRole('list', { name: 'Latest Songs' }).isVisible())
      .toBe(true);
    expect(await latest.getByText(EDITED_TITLE).count()).toBe(0);
    await listener.page
      .getByRole('list', { name: 'Your Playlists' })
      .getByRole('button', { name: `Open playlist ${PLAYLIST}` })
      .click();
    await expect.poll(() => drawer.getByText('This playlist is empty').isVisible()).toBe(true);

    expect(admin.problems).toEqual([]);
    expect(
      listener.problems.filter((problem) => !/404|Failed to load resource/.test(problem)),
    ).toEqual([]);
    await listener.context.close();
    await admin.context.close();
  });

  it('an admin removes every demo song at once, on a phone, and the library is empty', async () => {
    const admin = await openPage(demo.browser, demo.server.url, { width: 390, height: 844 });
    const { page } = admin;
    await logInAsAdmin(page);
    await tab(page, 'Songs').click();
    const songs = page.getByRole('table', { name: 'Songs' });
    await expect.poll(async () => (await songs.getByRole('row').count()) > 10).toBe(true);
    await screenshot(page, 'admin-songs-390', { fullPage: false });

    await page.getByRole('button', { name: 'Remove demo songs' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove demo songs' });
    await screenshot(page, 'admin-remove-demo-songs-390', { fullPage: false });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText(/^Removed \d+ demo songs\.$/).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText('No songs yet. Add the first one.').isVisible())
      .toBe(true);

    // Gone for everyone: the public list of songs is empty.
    const latest = await fetch(`${demo.server.url}/api/general/songs?limit=5`);
    expect(((await latest.json()) as { data: unknown[] }).data).toEqual([]);

    expect(admin.problems).toEqual([]);
    await admin.context.close();
  });
});
