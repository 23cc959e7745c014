import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAsAdmin } from './accounts';
import { AxeReport, axeFindings, describeFindings, failing } from './axe';
import { launchBrowser, openPage, screenshot, type TrackedPage } from './browser';
import { ADMIN, startServer, type RunningServer } from './server';

/**
 * axe-core over every page and every dialog, as the person who uses it, on a desktop and on a
 * phone: no serious or critical violation of WCAG 2.1 A/AA or axe's best practices. Each size
 * runs from its own file (`accessibility-desktop`, `accessibility-phone`), with its own server
 * and browser.
 *
 * On a desktop each page and dialog is checked in both themes in one visit, reached as a listener
 * would with "Follow the system" chosen: in full with the browser's scheme dark, then, switched
 * to light as it stands, by the rules a theme can break (colours). The phone checks the default,
 * dark theme.
 *
 * A new page is one line in PAGES, a new dialog one entry in DIALOGS. Addresses that need an id
 * (an album, an artist, a playlist) get it through `Find`, which asks the API.
 */

type Role = 'visitor' | 'listener' | 'admin';

const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** Every page of `tracked` follows the browser's colour scheme, chosen before any script runs. */
async function followTheSystem({ context }: TrackedPage): Promise<void> {
  await context.addInitScript(() => localStorage.setItem('theme', 'system'));
}

/**
 * What a theme can break: the DOM is the same in both (checked in full in the first), only its
 * colours change.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

const LISTENER = { name: 'Lena Listener', email: 'lena.a11y@example.com', password: 'listen-pass' };
const LISTENER_PLAYLIST = 'Evening Walks';
const ADMIN_PLAYLIST = 'Morning Mix';
/** The listener's key for a phone app (made before the checks start). */
const LISTENER_APP = 'Symfonium';

interface Find {
  album(): Promise<string>;
  artist(): Promise<string>;
  /** The listener's own playlist (made before the checks start). */
  playlist(): Promise<string>;
  genre(): Promise<string>;
  resetToken(): Promise<string>;
}

type Address = string | ((find: Find) => Promise<string>);

interface Check {
  readonly role: Role;
  readonly path: Address;
  /** How the check is named when its address is found at run time. */
  readonly name?: string;
  /** Only at this size (the header's menu button is a phone's). */
  readonly only?: ViewportName;
}

interface DialogCheck extends Check {
  readonly name: string;
  /** Opens the dialog (or menu, or drawer) and answers it, for the check to wait on. */
  readonly open: (page: Page) => Promise<Locator>;
}

const PAGES: readonly Check[] = [
  { role: 'visitor', path: '/' },
  { role: 'visitor', path: '/home' },
  { role: 'visitor', path: '/login' },
  { role: 'visitor', path: '/signup' },
  { role: 'visitor', path: '/forgot-password' },
  {
    role: 'visitor',
    name: '/reset-password/:token',
    path: async (find) => `/reset-password/${await find.resetToken()}`,
  },
  { role: 'visitor', path: '/unauthorized' },
  { role: 'visitor', path: '/privacy-policy' },
  { role: 'visitor', path: '/terms-of-service' },
  { role: 'visitor', path: '/contact' },
  { role: 'visitor', path: '/pricing' },
  { role: 'visitor', path: '/feedback' },
  { role: 'visitor', path: '/under-development' },
  { role: 'visitor', path: '/no-such-page' },
  { role: 'listener', path: '/player' },
  { role: 'listener', path: '/discover' },
  { role: 'listener', path: '/user/dashboard' },
  { role: 'listener', path: '/user/dashboard?tab=apps' },
  { role: 'listener', name: '/album/:id', path: async (find) => `/album/${await find.album()}` },
  { role: 'listener', name: '/artist/:id', path: async (find) => `/artist/${await find.artist()}` },
  {
    role: 'listener',
    name: '/playlist/:id',
    path: async (find) => `/playlist/${await find.playlist()}`,
  },
  { role: 'listener', name: '/genre/:genre', path: async (find) => `/genre/${await find.genre()}` },
  { role: 'listener', path: '/search' },
  { role: 'listener', path: '/search?q=the' },
  { role: 'listener', path: '/library/playlists' },
  { role: 'listener', path: '/smart-playlists/new' },
  { role: 'listener', path: '/library/albums' },
  { role: 'listener', path: '/library/artists' },
  { role: 'listener', path: '/library/liked' },
  { role: 'listener', path: '/library/recent' },
  { role: 'listener', path: '/album/no-such-album' },
  { role: 'admin', path: '/admin/dashboard' },
  { role: 'admin', path: '/admin/dashboard?tab=users' },
  { role: 'admin', path: '/admin/dashboard?tab=songs' },
  { role: 'admin', path: '/admin/dashboard?tab=playlists' },
  { role: 'admin', path: '/admin/dashboard?tab=seed' },
  { role: 'admin', path: '/admin/dashboard?tab=inbox' },
];

const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name, exact: typeof name === 'string' }).first();
const dialog = (page: Page, name?: string) =>
  name === undefined ? page.getByRole('dialog') : page.getByRole('dialog', { name });
const dashboardTab = (page: Page, name: string) =>
  page.getByRole('tab', { name, exact: true }).click();

/** The first song of the dashboard's Popular Songs, for its card menu. */
async function firstPopularSong(page: Page): Promise<string> {
  const list = page.getByRole('list', { name: 'Popular Songs' });
  const heading = list.getByRole('heading', { level: 3 }).first();
  await heading.waitFor();
  return heading.innerText();
}

/** The first row of the admin's Songs table, for its edit and delete buttons. */
async function firstAdminSong(page: Page): Promise<string> {
  const row = page.getByRole('table', { name: 'Songs' }).getByRole('row').nth(1);
  const edit = row.getByRole('button', { name: /^Edit / });
  await edit.waitFor();
  return ((await edit.getAttribute('aria-label')) ?? '').replace(/^Edit /, '');
}

const DIALOGS: readonly DialogCheck[] = [
  {
    name: 'header menu',
    role: 'visitor',
    path: '/',
    only: 'phone',
    open: async (page) => {
      await button(page, 'Open menu').click();
      return page.locator('#main-menu-drawer');
    },
  },
  {
    name: 'chat panel',
    role: 'visitor',
    path: '/',
    open: async (page) => {
      await button(page, 'Open chat').click();
      return dialog(page, 'Cadenza Assistant');
    },
  },
  {
    // The now-playing screen with a song playing: every control and the queue, beside the
    // sidebar on a desktop, above the mini-player and the tab bar on a phone.
    name: '/player with a song playing',
    role: 'listener',
    path: '/user/dashboard',
    open: async (page) => {
      await button(page, `Play ${await firstPopularSong(page)}`).click();
      await page.getByRole('region', { name: 'Player' }).waitFor();
      await page.goto('/player');
      return page.getByRole('list', { name: 'Queue' });
    },
  },
  {
    // A phone has the mini-player, whose queue is on /player (checked above). On a desktop the
    // queue is a panel beside the page, not a dialog over it.
    name: 'player queue panel',
    role: 'listener',
    path: '/user/dashboard',
    only: 'desktop',
    open: async (page) => {
      await button(page, `Play ${await firstPopularSong(page)}`).click();
      const player = page.getByRole('region', { name: 'Player' });
      await player.getByRole('button', { name: 'Queue' }).click();
      return page.getByRole('complementary', { name: 'Queue' });
    },
  },
  {
    name: 'dashboard drawer: queue',
    role: 'listener',
    path: '/user/dashboard',
    open: async (page) => {
      await button(page, 'Now Playing').click();
      return dialog(page, 'Queue');
    },
  },
  {
    name: 'dashboard drawer: playlist',
    role: 'listener',
    path: '/user/dashboard',
    open: async (page) => {
      await dashboardTab(page, 'Playlists');
      await button(page, `Open playlist ${LISTENER_PLAYLIST}`).click();
      return dialog(page).filter({
        has: page.getByRole('heading', { name: `Playlist: ${LISTENER_PLAYLIST}` }),
      });
    },
  },
  {
    name: 'dashboard: song menu',
    role: 'listener',
    path: '/user/dashboard',
    open: async (page) => {
      await button(page, `More options for ${await firstPopularSong(page)}`).click();
      return page.getByRole('menu');
    },
  },
  {
    name: 'Add to Playlist',
    role: 'listener',
    path: '/user/dashboard',
    open: async (page) => {
      await button(page, `More options for ${await firstPopularSong(page)}`).click();
      await page.getByRole('menuitem', { name: 'Add to Playlist' }).click();
      return dialog(page, 'Add to Playlist');
    },
  },
  {
    name: 'Create New Playlist',
    role: 'listener',
    path: '/user/dashboard',
    open: async (page) => {
      await dashboardTab(page, 'Playlists');
      await button(page, 'Create Playlist').click();
      return dialog(page, 'Create New Playlist');
    },
  },
  {
    name: 'delete playlist confirmation',
    role: 'listener',
    path: '/user/dashboard',
    open: async (page) => {
      await dashboardTab(page, 'Playlists');
      await button(page, `Delete playlist ${LISTENER_PLAYLIST}`).click();
      return dialog(page, 'Delete playlist');
    },
  },
  {
    name: 'Apps: New app key',
    role: 'listener',
    path: '/user/dashboard?tab=apps',
    open: async (page) => {
      await button(page, /^Create (your first )?key$/).click();
      return dialog(page, 'New app key');
    },
  },
  {
    // The key as it is shown once, with the server and the user name.
    name: 'Apps: the new key',
    role: 'listener',
    path: '/user/dashboard?tab=apps',
    open: async (page) => {
      await button(page, /^Create (your first )?key$/).click();
      const form = dialog(page, 'New app key');
      await form.getByRole('textbox', { name: 'Name' }).fill('Tempo');
      await form.getByRole('button', { name: 'Create key' }).click();
      const shown = dialog(page, 'Key for Tempo');
      // Past ten minutes since the password was given (a long run), it is asked for first.
      const confirm = dialog(page, "Confirm it's you");
      await expect
        .poll(async () => (await shown.isVisible()) || (await confirm.isVisible()))
        .toBe(true);
      if (await confirm.isVisible()) {
        await confirm.getByLabel('Password').fill(LISTENER.password);
        await confirm.getByRole('button', { name: 'Confirm' }).click();
      }
      return shown;
    },
  },
  {
    name: 'Apps: revoke key confirmation',
    role: 'listener',
    path: '/user/dashboard?tab=apps',
    open: async (page) => {
      await button(page, `Revoke ${LISTENER_APP}`).click();
      return dialog(page, 'Revoke key');
    },
  },
  {
    name: 'playlist page: Edit Playlist',
    role: 'listener',
    path: async (find) => `/playlist/${await find.playlist()}`,
    open: async (page) => {
      await button(page, 'Edit').click();
      return dialog(page, 'Edit Playlist');
    },
  },
  {
    name: 'album page: song menu',
    role: 'listener',
    path: async (find) => `/album/${await find.album()}`,
    open: async (page) => {
      await button(page, /^More options for /).click();
      return page.getByRole('menu');
    },
  },
  {
    name: 'admin: Add New Song',
    role: 'admin',
    path: '/admin/dashboard?tab=songs',
    open: async (page) => {
      await button(page, 'Add Song').click();
      return dialog(page, 'Add New Song');
    },
  },
  {
    name: 'admin: Edit Song',
    role: 'admin',
    path: '/admin/dashboard?tab=songs',
    open: async (page) => {
      await button(page, `Edit ${await firstAdminSong(page)}`).click();
      return dialog(page, 'Edit Song');
    },
  },
  {
    name: 'admin: delete song confirmation',
    role: 'admin',
    path: '/admin/dashboard?tab=songs',
    open: async (page) => {
      await button(page, `Delete ${await firstAdminSong(page)}`).click();
      return dialog(page, 'Delete Song');
    },
  },
  {
    name: 'admin: Upload music',
    role: 'admin',
    path: '/admin/dashboard?tab=songs',
    open: async (page) => {
      await button(page, 'Upload music').click();
      return dialog(page, 'Upload music');
    },
  },
  {
    name: 'admin: Create New Playlist',
    role: 'admin',
    path: '/admin/dashboard?tab=playlists',
    open: async (page) => {
      await button(page, 'Create Playlist').click();
      return dialog(page, 'Create New Playlist');
    },
  },
  {
    name: 'admin: song picker',
    role: 'admin',
    path: '/admin/dashboard?tab=playlists',
    open: async (page) => {
      await button(page, 'Create Playlist').click();
      await dialog(page, 'Create New Playlist').getByRole('button', { name: 'Add Songs' }).click();
      const picker = dialog(page, 'Add Songs to Playlist');
      await picker.getByRole('checkbox').first().waitFor();
      return picker;
    },
  },
  {
    name: 'admin: delete playlist confirmation',
    role: 'admin',
    path: '/admin/dashboard?tab=playlists',
    open: async (page) => {
      await button(page, `Delete ${ADMIN_PLAYLIST}`).click();
      return dialog(page).filter({ hasText: ADMIN_PLAYLIST });
    },
  },
  {
    name: 'admin: delete user confirmation',
    role: 'admin',
    path: '/admin/dashboard?tab=users',
    open: async (page) => {
      await button(page, `Delete ${LISTENER.name}`).click();
      return dialog(page).filter({ hasText: LISTENER.name });
    },
  },
  {
    name: 'admin: Seed Test Users',
    role: 'admin',
    path: '/admin/dashboard?tab=seed',
    open: async (page) => {
      await button(page, 'Seed Users').click();
      return dialog(page, 'Seed Test Users');
    },
  },
];

let server: RunningServer;
let browser: Browser;
const sessions = new Map<Role, TrackedPage>();

async function api<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    ...init,
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}`, ...init.headers },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function logIn(email: string, password: string): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { token: string };
  return body.token;
}

interface Listed {
  data: { _id: string; genre?: string | null }[];
}

function makeFind(token: () => string): Find {
  const first = async (path: string) => {
    const { data } = await api<Listed>(token(), path);
    if (!data[0]) throw new Error(`${path} listed nothing: the demo library should fill it`);
    return data[0];
  };
  return {
    album: async () => (await first('/api/user/albums?limit=1'))._id,
    artist: async () => (await first('/api/user/artists?limit=1'))._id,
    playlist: async () => {
      const { data } = await api<{ data: { _id: string; name: string }[] }>(
        token(),
        '/api/user/playlists',
      );
      const own = data.find((playlist) => playlist.name === LISTENER_PLAYLIST);
      if (!own) throw new Error(`the listener has no playlist "${LISTENER_PLAYLIST}"`);
      return own._id;
    },
    genre: async () => {
      const { data } = await api<Listed>(token(), '/api/general/songs');
      const genre = data.find((song) => song.genre)?.genre;
      if (!genre) throw new Error('no song of the demo library has a genre');
      return encodeURIComponent(genre);
    },
    resetToken: async () => {
      const sent = server.outbox().length;
      await fetch(`${server.url}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: LISTENER.email }),
      });
      // The mail is written after the answer, and may be seen before its file is whole.
      const link = /\/reset-password\//;
      await expect
        .poll(
          () =>
            server
              .outbox()
              .slice(sent)
              .some((mail) => link.test(mail)),
          {
            timeout: 10_000,
          },
        )
        .toBe(true);
      const mail =
        server
          .outbox()
          .slice(sent)
          .find((text) => link.test(text)) ?? '';
      const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
      if (!token) throw new Error(`no reset link in the mail:\n${mail}`);
      return token;
    },
  };
}

let listenerToken = '';
const find = makeFind(() => listenerToken);

async function signUpListener(page: Page): Promise<void> {
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Full Name').fill(LISTENER.name);
  await form.getByLabel('Email').fill(LISTENER.email);
  await form.getByLabel('Password', { exact: true }).fill(LISTENER.password);
  await form.getByLabel('Confirm Password').fill(LISTENER.password);
  await form.getByLabel(/I agree to the Terms of Service/).check();
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL('**/user/dashboard');
}

const resolve = (address: Address) =>
  typeof address === 'string' ? Promise.resolve(address) : address(find);

/** Until CSS transitions (a dialog fading in, a drawer sliding) have ended: axe reads colours. */
async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** The page has its heading, its data has come (the network is quiet) and nothing moves. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() => page.locator('h1, h2').first().isVisible(), { timeout: 15_000 })
    .toBe(true);
  await transitionsEnded(page);
}

/**
 * axe reads the whole page: on the listener's dashboard with a song playing and the queue open
 * (1,600 elements) it takes 12 s on a quiet machine, and three or four times that while another
 * journey shares the two cores.
 */
const CHECK_TIMEOUT_MS = 150_000;

const themeOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

async function visit(check: Check, viewport: ViewportName): Promise<Page> {
  const { page } = sessions.get(check.role)!;
  await page.setViewportSize(VIEWPORTS[viewport]);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.keyboard.press('Escape');
  await page.goto(await resolve(check.path));
  await settled(page);
  // What is checked first is the dark theme, the default one.
  expect(await themeOf(page)).toBe('dark');
  return page;
}

/** The page as it stands, turned light by the system's scheme, once its colours have moved. */
async function turnLight(page: Page): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => themeOf(page)).toBe('light');
  await transitionsEnded(page);
}

async function expectNoSeriousViolations(
  report: AxeReport,
  page: Page,
  where: string,
  run: string,
  rules?: readonly string[],
) {
  const findings = await axeFindings(page, rules);
  report.add(where, findings);
  const serious = failing(findings);
  expect(serious, describeFindings(`${where} (${run})`, serious)).toEqual([]);
}

const label = (check: Check) =>
  check.name ?? (typeof check.path === 'string' ? check.path : 'an address found at run time');
const fileName = (text: string) => text.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');

/**
 * Every page and dialog at one size, with its own server, browser and reports: in the dark theme,
 * and with `light`, then in the light one too.
 */
export function accessibilitySuite(viewport: ViewportName, { light = false } = {}): void {
  const reports = { dark: new AxeReport(), light: new AxeReport() };
  const runs = { dark: viewport, light: `${viewport}-light` };

  beforeAll(async () => {
    server = await startServer({ DEMO_LIBRARY: 'true', ENABLE_SEED_USERS: 'true' });
    browser = await launchBrowser();
    // One context per person, logged in once and reused for every check.
    const visitor = await openPage(browser, server.url);
    const listener = await openPage(browser, server.url);
    const admin = await openPage(browser, server.url);
    await signUpListener(listener.page);
    await logInAsAdmin(admin.page);
    listenerToken = await logIn(LISTENER.email, LISTENER.password);
    const form = new FormData();
    form.set('name', LISTENER_PLAYLIST);
    form.set('description', 'Quiet songs for the way home');
    await api(listenerToken, '/api/user/playlists', { method: 'POST', body: form });
    await api(listenerToken, '/api/user/api-keys', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: LISTENER_APP }),
    });
    await api(await logIn(ADMIN.email, ADMIN.password), '/api/admin/playlists', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: ADMIN_PLAYLIST, description: 'Bright songs to start the day' }),
    });
    if (light) for (const tracked of [visitor, listener, admin]) await followTheSystem(tracked);
    sessions.set('visitor', visitor).set('listener', listener).set('admin', admin);
  }, 120_000);

  afterAll(async () => {
    reports.dark.write(runs.dark);
    if (light) reports.light.write(runs.light);
    await browser?.close();
    await server?.stop();
  });

  /** The page as it is now, in full; then, with `light`, turned light and checked again. */
  async function expectAccessible(page: Page, where: string, pictured?: string): Promise<void> {
    if (pictured) await screenshot(page, `${pictured}-${runs.dark}`);
    await expectNoSeriousViolations(reports.dark, page, where, runs.dark);
    if (!light) return;
    await turnLight(page);
    if (pictured) await screenshot(page, `${pictured}-${runs.light}`);
    await expectNoSeriousViolations(reports.light, page, where, runs.light, COLOUR_RULES);
  }

  const themes = light ? 'the dark and light themes' : 'the dark theme';
  describe(`accessibility at ${viewport} size in ${themes}`, () => {
    const at = <T extends Check>(checks: readonly T[]) =>
      checks.filter((check) => !check.only || check.only === viewport);

    it.each(at(PAGES).map((check) => [`${check.role} ${label(check)}`, check] as const))(
      'page %s',
      async (where, check) => {
        const page = await visit(check, viewport);
        await expectAccessible(page, where, `page-${fileName(where)}`);
      },
      CHECK_TIMEOUT_MS,
    );

    it.each(at(DIALOGS).map((check) => [check.name, check] as const))(
      'dialog %s',
      async (where, check) => {
        const page = await visit(check, viewport);
        const opened = await check.open(page);
        await expect.poll(() => opened.isVisible(), { timeout: 10_000 }).toBe(true);
        await transitionsEnded(page);
        await expectAccessible(page, where);
      },
      CHECK_TIMEOUT_MS,
    );
  });
}
