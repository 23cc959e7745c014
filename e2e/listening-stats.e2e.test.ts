import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpListener } from './support/accounts';
import { audioTime, screenshot } from './support/browser';
import { callApi, pageToken, type ListedSong } from './support/listening-api';
import { useDemoServer } from './support/demo-server';

const demo = useDemoServer();

interface Listen {
  readonly song: ListedSong & { artist: string };
  readonly at: Date;
}

/** Brings listens along as a ListenBrainz export and waits for the import to end. */
async function importListens(token: string, listens: readonly Listen[]): Promise<void> {
  const lines = listens.map(({ song, at }) =>
    JSON.stringify({
      listened_at: Math.floor(at.getTime() / 1000),
      track_metadata: {
        artist_name: song.artist,
        track_name: song.title,
        release_name: song.album,
      },
    }),
  );
  const form = new FormData();
  form.append('file', new Blob([lines.join('\n')]), 'listens.jsonl');
  const started = await callApi<{ id: string }>(
    demo.server.url,
    token,
    '/api/user/history/imports?source=listenbrainz',
    { method: 'POST', body: form },
  );
  for (;;) {
    const state = await callApi<{ status: string; matched: number }>(
      demo.server.url,
      token,
      `/api/user/history/imports/${started.id}`,
    );
    if (state.status === 'failed') throw new Error('The import failed.');
    if (state.status === 'done') {
      expect(state.matched).toBe(listens.length);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The figure shown under a label of the page ("Plays", "Days"…). */
const figure = (page: Page, label: string) =>
  page.getByRole('group', { name: label }).first().textContent();

describe('your listening in the browser', () => {
  it('shows a year of imported plays, plays a top list, saves the year as a picture and recalls this day', async () => {
    // The listener lives in Tokyo: the browser says so, and the stats page tells the server.
    const context = await demo.browser.newContext({
      baseURL: demo.server.url,
      viewport: { width: 1440, height: 900 },
      timezoneId: 'Asia/Tokyo',
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/');
    await signUpListener(page, 'Yui Listener');
    const token = await pageToken(page);
    const songs = await callApi<(ListedSong & { artist: string })[]>(
      demo.server.url,
      token,
      '/api/user/songs?limit=50',
    );
    const [first, second, third] = songs;
    if (!first || !second || !third) throw new Error('The demo library has too few songs.');

    // Last year in Tokyo: the first song five times, the second three, the third once; and one
    // play on this date a year ago, at noon in Tokyo.
    const now = new Date();
    const lastYear = now.getUTCFullYear() - 1;
    const inTokyo = (month: number, day: number, hour: number) =>
      new Date(Date.UTC(lastYear, month - 1, day, hour - 9));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' })
      .format(now)
      .split('-')
      .map(Number);
    const listens: Listen[] = [
      ...[1, 2, 3, 4, 5].map((day) => ({ song: first, at: inTokyo(3, day, 21) })),
      ...[10, 11, 12].map((day) => ({ song: second, at: inTokyo(3, day, 8) })),
      { song: third, at: inTokyo(today[1] ?? 1, today[2] ?? 1, 12) },
    ];
    await importListens(token, listens);

    await page.goto(`/stats?period=year&at=${lastYear}-06-01`);
    await page
      .getByRole('heading', { name: String(lastYear) })
      .first()
      .waitFor();
    await expect.poll(() => page.getByText('Days follow Asia/Tokyo time').count()).toBe(1);
    expect(await figure(page, 'Plays')).toContain('9');
    expect(await figure(page, 'Longest streak')).toContain('5 days');
    const topSongs = page.getByRole('region', { name: 'Top songs' });
    await expect
      .poll(() => topSongs.getByRole('listitem').first().textContent())
      .toContain(first.title);
    await screenshot(page, 'listening-stats-year');

    await topSongs.getByRole('button', { name: 'Play', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('player-title').first().textContent())
      .toBe(first.title);
    await expect.poll(() => audioTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);

    await page.goto(`/stats/years/${lastYear}`);
    await page.getByRole('button', { name: 'Save as image' }).waitFor();
    await screenshot(page, 'year-in-music');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Save as image' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`cadenza-${lastYear}-in-music.png`);
    const saved = await download.path();
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(saved);
    expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(bytes.length).toBeGreaterThan(10_000);

    await page.goto('/user/dashboard');
    const row = page.getByRole('region', { name: 'On this day' });
    for (let i = 0; i < 20 && (await row.count()) === 0; i++) await page.mouse.wheel(0, 1500);
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain(third.title);

    const phone = await demo.browser.newContext({
      baseURL: demo.server.url,
      viewport: { width: 390, height: 844 },
      timezoneId: 'Asia/Tokyo',
      storageState: await context.storageState(),
    });
    const phonePage = await phone.newPage();
    await phonePage.goto(`/stats?period=year&at=${lastYear}-06-01`);
    await phonePage
      .getByRole('heading', { name: String(lastYear) })
      .first()
      .waitFor();
    const overflow = await phonePage.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phonePage, 'listening-stats-phone');
    await phone.close();
    await context.close();
    expect(problems).toEqual([]);
  });
});
