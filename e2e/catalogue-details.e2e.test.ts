import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpListener } from './support/accounts';
import { audioTime, launchBrowser, openPage, screenshot } from './support/browser';
import { adminToken, waitForSongs } from './support/listening-api';
import { startServer, type RunningServer } from './support/server';
import { writeToneFlac } from './support/tone-album';

/**
 * What the tags of a scanned library show in Chromium: free-form genres with their own pages, an
 * artist's releases by type and the albums they appear on, an album's dates, label, discs and
 * MusicBrainz link, likes of albums and artists, and one credit for a song with a featured artist.
 */

const RELEASE_ID = '8c2b5a36-0d5e-4c0e-9d4e-2a1b3c4d5e6f';
const TIDAL_LINES = {
  ALBUM: 'Tidal Lines',
  ALBUMARTIST: 'Mira Sol',
  ARTIST: 'Mira Sol',
  DATE: '2021-04-09',
  ORIGINALDATE: '2019-01-01',
  LABEL: 'Harbour Records',
  RELEASETYPE: 'album',
  GENRE: 'J-Pop; Singer-Songwriter',
  DISCTOTAL: '2',
  MUSICBRAINZ_ALBUMID: RELEASE_ID,
};

/** Where each file goes under the music folder, and its Vorbis comments. */
const FILES: Array<[string, Record<string, string>]> = [
  [
    'Mira Sol/Tidal Lines/1-01 Morning Tide.flac',
    {
      ...TIDAL_LINES,
      TITLE: 'Morning Tide',
      DISCNUMBER: '1',
      TRACKNUMBER: '1',
      DISCSUBTITLE: 'Morning',
    },
  ],
  [
    'Mira Sol/Tidal Lines/1-02 Salt Air.flac',
    {
      ...TIDAL_LINES,
      TITLE: 'Salt Air',
      DISCNUMBER: '1',
      TRACKNUMBER: '2',
      DISCSUBTITLE: 'Morning',
    },
  ],
  [
    'Mira Sol/Tidal Lines/2-01 Low Sun.flac',
    {
      ...TIDAL_LINES,
      TITLE: 'Low Sun',
      DISCNUMBER: '2',
      TRACKNUMBER: '1',
      DISCSUBTITLE: 'Evening',
    },
  ],
  [
    'Mira Sol/Glass/01 Glass.flac',
    {
      TITLE: 'Glass',
      ARTIST: 'Mira Sol',
      ALBUM: 'Glass',
      DATE: '2022',
      RELEASETYPE: 'single',
      GENRE: 'Folk',
    },
  ],
  [
    'Various/Harbour Sampler/01 Harbour Song.flac',
    {
      TITLE: 'Harbour Song',
      ARTIST: 'Mira Sol',
      ALBUM: 'Harbour Sampler',
      ALBUMARTIST: 'Various Artists',
      COMPILATION: '1',
      RELEASETYPE: 'compilation',
      TRACKNUMBER: '1',
      GENRE: 'J-Pop',
    },
  ],
  [
    'Various/Harbour Sampler/02 Quay.flac',
    {
      TITLE: 'Quay',
      ARTIST: 'Tom Reed',
      ALBUM: 'Harbour Sampler',
      ALBUMARTIST: 'Various Artists',
      COMPILATION: '1',
      RELEASETYPE: 'compilation',
      TRACKNUMBER: '2',
      GENRE: 'Folk',
    },
  ],
  [
    'DJ Kato/Night Shift/01 After Hours.flac',
    {
      TITLE: 'After Hours',
      ARTIST: 'DJ Kato feat. Lia Park & Mira Sol',
      ALBUM: 'Night Shift',
      ALBUMARTIST: 'DJ Kato',
      TRACKNUMBER: '1',
      GENRE: 'Electronic',
    },
  ],
];

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let work: string;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cadenza-catalogue-'));
  for (const [relative, tags] of FILES)
    writeToneFlac(path.join(work, 'music', relative), { hz: 330, seconds: 8 }, tags);
  server = await startServer({ MUSIC_DIR: path.join(work, 'music') });
  const albums = ['Tidal Lines', 'Glass', 'Harbour Sampler', 'Night Shift'];
  await waitForSongs(server.url, await adminToken(server.url), albums, FILES.length);

  browser = await launchBrowser();
  ({ page, context } = await openPage(browser, server.url));
  await signUpListener(page);
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (work) fs.rmSync(work, { recursive: true, force: true });
}, 120_000);

const main = () => page.getByRole('main');

/** Opens the album the way a listener finds it: the genre list, a genre, its album. */
async function tidalLinesFromItsGenre(): Promise<void> {
  await page.goto('/genres');
  await page.getByRole('link', { name: /^Singer-Songwriter/ }).click();
  await main()
    .getByRole('link', { name: /^Tidal Lines/ })
    .first()
    .click();
}

describe('what the tags show', () => {
  it('lists the genres as tagged, with their counts, and gives each a page', async () => {
    await page.goto('/genres');
    const genres = page.getByRole('list', { name: 'Genres' });
    const jPop = genres.getByRole('link', { name: /^J-Pop/ });
    await expect.poll(() => jPop.textContent()).toBe('J-Pop4 songs · 2 albums');
    await expect
      .poll(() => genres.getByRole('link', { name: /^Singer-Songwriter/ }).textContent())
      .toBe('Singer-Songwriter3 songs · 1 album');
    await expect
      .poll(() => genres.getByRole('link', { name: /^Folk/ }).textContent())
      .toBe('Folk2 songs · 2 albums');
    await screenshot(page, 'catalogue-genres-1440');

    await jPop.click();
    await page.getByRole('heading', { name: 'J-Pop', level: 1 }).waitFor();
    const songs = page.getByRole('grid', { name: 'J-Pop songs' });
    await expect.poll(() => songs.getByRole('row').count()).toBe(5);
    for (const album of ['Tidal Lines', 'Harbour Sampler'])
      await main()
        .getByRole('link', { name: new RegExp(`^${album}`) })
        .first()
        .waitFor();
    await screenshot(page, 'catalogue-genre-page-1440');
  });

  it("shows an album's dates, label, length, genres, discs and release, and likes it", async () => {
    await tidalLinesFromItsGenre();
    await page.getByRole('heading', { name: 'Tidal Lines', level: 1 }).waitFor();
    const header = main();
    for (const fact of [
      'Mira Sol • 9 April 2021 • Harbour Records • 3 songs • 24 s',
      'Originally released 1 January 2019',
    ])
      await expect.poll(() => header.textContent()).toContain(fact);
    const genres = page.getByRole('list', { name: 'Genres of Tidal Lines' });
    await genres.getByRole('link', { name: 'J-Pop' }).waitFor();
    await genres.getByRole('link', { name: 'Singer-Songwriter' }).waitFor();
    expect(await header.getByRole('link', { name: 'MusicBrainz' }).getAttribute('href')).toBe(
      `https://musicbrainz.org/release/${RELEASE_ID}`,
    );
    await page.getByText('Disc 1 — Morning').waitFor();
    await page.getByText('Disc 2 — Evening').waitFor();
    await screenshot(page, 'catalogue-album-1440');

    await page.getByRole('button', { name: 'Like album' }).click();
    await page.getByRole('button', { name: 'Unlike album' }).waitFor();
  });

  it("groups an artist's releases by type, then the albums they appear on, and likes them", async () => {
    await main().getByRole('link', { name: 'Mira Sol', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Mira Sol', level: 1 }).waitFor();
    await main().getByText('2 releases • 6 songs').waitFor();
    await section('Albums')
      .getByRole('link', { name: /^Tidal Lines/ })
      .waitFor();
    await section('Singles')
      .getByRole('link', { name: /^Glass/ })
      .waitFor();
    for (const album of ['Harbour Sampler', 'Night Shift'])
      await section('Appears on')
        .getByRole('link', { name: new RegExp(`^${album}`) })
        .waitFor();
    await page.getByRole('button', { name: 'Like artist' }).click();
    await page.getByRole('button', { name: 'Unlike artist' }).waitFor();
    await screenshot(page, 'catalogue-artist-1440');
  });

  it('credits a featured song the same way in its list and the player bar, each name a link', async () => {
    await section('Appears on')
      .getByRole('link', { name: /^Night Shift/ })
      .click();
    await page.getByRole('heading', { name: 'Night Shift', level: 1 }).waitFor();
    const row = page.getByRole('grid', { name: 'Tracks of Night Shift' }).getByRole('row').nth(1);
    await expect.poll(() => row.textContent()).toContain('DJ Kato feat. Lia Park & Mira Sol');
    await page.getByRole('button', { name: /^Play album / }).click();
    const player = page.getByRole('region', { name: 'Player' });
    await expect.poll(() => player.textContent()).toContain('DJ Kato feat. Lia Park & Mira Sol');
    await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(0.3);
    await screenshot(page, 'catalogue-credit-player-1440');

    await player.getByRole('link', { name: 'Lia Park' }).click();
    await page.getByRole('heading', { name: 'Lia Park', level: 1 }).waitFor();
    await main().getByText('Appears on 1 album • 1 song').waitFor();
    await page
      .getByRole('region', { name: 'Appears on' })
      .getByRole('link', { name: /^Night Shift/ })
      .waitFor();
    await screenshot(page, 'catalogue-featured-artist-1440');
  });

  it('lists the liked album and artist under their own tabs of Liked Songs', async () => {
    await page.goto('/library/liked');
    await page.getByRole('tab', { name: 'Albums' }).click();
    await main()
      .getByRole('link', { name: /^Tidal Lines/ })
      .waitFor();
    await screenshot(page, 'catalogue-liked-albums-1440');
    await page.getByRole('tab', { name: 'Artists' }).click();
    await main()
      .getByRole('link', { name: /^Mira Sol/ })
      .waitFor();
    await screenshot(page, 'catalogue-liked-artists-1440');
  });

  it('fits a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await tidalLinesFromItsGenre();
    await page.getByText('Disc 2 — Evening').waitFor();
    await screenshot(page, 'catalogue-album-390');
    await main().getByRole('link', { name: 'Mira Sol', exact: true }).first().click();
    await page.getByRole('region', { name: 'Appears on', exact: true }).waitFor();
    await screenshot(page, 'catalogue-artist-390');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
});

function section(name: string) {
  return page.getByRole('region', { name, exact: true });
}
