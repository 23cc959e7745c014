import { screen, waitFor, within } from '@testing-library/react';
import type { User } from '@cadenza/contract/auth';
import type { Song } from '@cadenza/contract/songs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { makeAlbum, makeSong } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { seed, store } from '@/test/mock-api/store';
import { tagGenre } from '@/test/mock-api/tag-genres';
import { logIn, renderApp, stubMediaElement } from '@/test/render-app';
import { dayRange } from './stats-format';

/** Song ids are UUIDs, as the play queue the player saves wants them. */
const songId = (n: number) => `0190a0a0-0000-7000-8000-00000000000${n}`;
const jazz = tagGenre('Jazz');
const coltrane = { _id: 'a-coltrane', name: 'John Coltrane', role: 'main' } as const;
const miles = { _id: 'a-miles', name: 'Miles Davis', role: 'main' } as const;

const blueTrain = makeSong(songId(1), {
  title: 'Blue Train',
  artist: coltrane.name,
  artists: [coltrane],
  genres: [jazz],
  duration: 600,
});
const momentsNotice = makeSong(songId(2), {
  title: "Moment's Notice",
  artist: coltrane.name,
  artists: [coltrane],
  genres: [jazz],
  duration: 300,
});
const soWhat = makeSong(songId(3), {
  title: 'So What',
  artist: miles.name,
  artists: [miles],
  albumId: 'alb-2',
  album: 'Kind of Blue',
  genres: [jazz],
  duration: 540,
});
const demo = makeSong(songId(4), { title: 'Home Demo', albumId: null, album: null, duration: 200 });
const endlessMix = makeSong(songId(5), { title: 'Endless Mix', duration: 36_000 });

let listener: User;

function played(song: Song, playedAt: string) {
  store.plays.push({ userId: listener._id, songId: song._id, playedAt });
}

/**
 * November 2026 (its fourth week above all), one play in October, one in March 2025: 7 plays,
 * 74,240 seconds (1,237 minutes) on 4 days of November.
 */
function seedListening() {
  seed.album(
    makeAlbum('alb-1', { title: 'Blue Train', artist: { _id: coltrane._id, name: coltrane.name } }),
    [blueTrain, momentsNotice],
  );
  seed.songs(soWhat, demo, endlessMix);
  played(blueTrain, '2025-03-01T10:00:00.000Z');
  played(soWhat, '2026-10-05T08:00:00.000Z');
  played(endlessMix, '2026-11-23T02:00:00.000Z');
  played(blueTrain, '2026-11-23T14:10:00.000Z');
  played(momentsNotice, '2026-11-23T14:30:00.000Z');
  played(soWhat, '2026-11-24T09:00:00.000Z');
  played(endlessMix, '2026-11-25T02:00:00.000Z');
  played(blueTrain, '2026-11-25T14:00:00.000Z');
  played(demo, '2026-11-27T21:00:00.000Z');
}

/** The listener's days follow `timeZone`, as they chose. */
function chose(timeZone: string) {
  store.timeZones.set(listener._id, { timeZone, chosen: true });
}

/** This browser runs in `timeZone`. */
function browserIn(timeZone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...real.call(this), timeZone };
  });
}

const figure = (name: string) => screen.getByRole('group', { name });
/** A list's Play button: named Play, the list's heading around it says which. */
const playButton = (list: HTMLElement) => within(list).getByRole('button', { name: 'Play' });
const list = (name: string) => screen.getByRole('list', { name });
const rows = (name: string) =>
  within(list(name))
    .getAllByRole('listitem')
    .map((row) => row.getAttribute('aria-label'));

beforeEach(() => {
  stubMediaElement();
  listener = logIn();
});
afterEach(() => usePlayer.getState().reset());

describe('/stats', () => {
  it("shows a month's totals, streaks, hours, weekdays and top lists", async () => {
    seedListening();
    chose('UTC');
    renderApp('/stats?period=month&at=2026-11-15');
    expect(await screen.findByRole('heading', { name: 'November 2026' })).toBeInTheDocument();

    expect(figure('Minutes listened')).toHaveTextContent('1,237');
    expect(figure('Plays')).toHaveTextContent('7');
    expect(figure('Days')).toHaveTextContent('4');
    expect(figure('Songs')).toHaveTextContent('5');
    expect(figure('Artists')).toHaveTextContent('4');
    expect(figure('Longest streak')).toHaveTextContent('3 days · 23–25 Nov');

    expect(screen.getByRole('img', { name: '14:00 — 25 minutes' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '02:00 — 1,200 minutes' })).toBeInTheDocument();
    expect(within(list('Listening by hour')).getAllByRole('img')).toHaveLength(24);
    expect(
      within(list('Listening by weekday'))
        .getAllByRole('img')
        .map((bar) => bar.getAttribute('aria-label')),
    ).toEqual([
      'Monday — 615 minutes',
      'Tuesday — 9 minutes',
      'Wednesday — 610 minutes',
      'Thursday — 0 minutes',
      'Friday — 3 minutes',
      'Saturday — 0 minutes',
      'Sunday — 0 minutes',
    ]);

    // Most played first; between as many plays, the more minutes.
    expect(rows('Top songs')).toEqual([
      '1. Endless Mix',
      '2. Blue Train',
      '3. So What',
      "4. Moment's Notice",
      '5. Home Demo',
    ]);
    const topSongs = within(list('Top songs'));
    expect(topSongs.getByRole('link', { name: 'Blue Train' })).toHaveAttribute(
      'href',
      '/album/alb-1',
    );
    // A song on no album has no page to open.
    expect(topSongs.queryByRole('link', { name: 'Home Demo' })).not.toBeInTheDocument();
    expect(
      within(topSongs.getByRole('listitem', { name: '2. Blue Train' })).getByText('2 plays'),
    ).toBeInTheDocument();
    expect(
      within(list('Top artists')).getByRole('link', { name: 'John Coltrane' }),
    ).toHaveAttribute('href', '/artist/a-coltrane');
    expect(within(list('Top albums')).getByRole('link', { name: 'Kind of Blue' })).toHaveAttribute(
      'href',
      '/album/alb-2',
    );
    expect(within(list('Top genres')).getByRole('link', { name: 'Jazz' })).toHaveAttribute(
      'href',
      '/genres/genre-jazz',
    );
    // Coltrane and Davis were played before November; the demo's and the mix's artists were not.
    expect(screen.getByText('2 new artists, 3 new songs')).toBeInTheDocument();
    expect(rows('New discoveries')).toEqual([
      `1. Artist ${endlessMix._id}`,
      `2. Artist ${demo._id}`,
    ]);
    expect(
      within(list('New discoveries')).getByText('First played 23 Nov 2026'),
    ).toBeInTheDocument();
  });

  it('moves between periods with the arrows and the tabs, keeping the period in the address', async () => {
    seedListening();
    chose('UTC');
    const { user, router } = renderApp('/stats?period=month&at=2026-11-15');
    expect(await screen.findByRole('heading', { name: 'November 2026' })).toBeInTheDocument();
    // No later month holds a play.
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('heading', { name: 'October 2026' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?period=month&at=2026-10-05');
    expect(figure('Plays')).toHaveTextContent('1');

    // Empty months are passed over: the one before October with plays is March 2025.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Previous month' })).toBeEnabled(),
    );
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('heading', { name: 'March 2025' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next month' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { name: 'October 2026' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Week' }));
    expect(await screen.findByRole('heading', { name: 'Week of 5 Oct 2026' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?period=week&at=2026-10-05');
    await user.click(screen.getByRole('tab', { name: 'Year' }));
    expect(await screen.findByRole('heading', { name: '2026' })).toBeInTheDocument();
    expect(figure('Plays')).toHaveTextContent('8');
    await user.click(screen.getByRole('tab', { name: 'All time' }));
    expect(await screen.findByRole('heading', { name: 'All time' })).toBeInTheDocument();
    expect(figure('Plays')).toHaveTextContent('9');
    expect(screen.queryByRole('button', { name: /^Previous/ })).not.toBeInTheDocument();
  });

  it("plays a list's songs, as the server answers them, as the queue", async () => {
    seedListening();
    chose('UTC');
    const { user } = renderApp('/stats?period=month&at=2026-11-15');
    await user.click(playButton(await screen.findByRole('region', { name: 'Top songs' })));
    await waitFor(() => expect(usePlayer.getState().current?._id).toBe(endlessMix._id));
    expect(
      requestsTo('GET /api/user/stats/queue').map((sent) => Object.fromEntries(sent.query)),
    ).toEqual([{ period: 'month', at: '2026-11-01', list: 'songs' }]);
    const queued = () => usePlayer.getState().queue.map((song) => song.title);
    expect(queued()).toEqual([
      'Endless Mix',
      'Blue Train',
      'So What',
      "Moment's Notice",
      'Home Demo',
    ]);
    expect(usePlayer.getState().source).toEqual({
      kind: 'list',
      label: 'Top songs · November 2026',
      path: '/stats?period=month&at=2026-11-01',
    });

    await user.click(playButton(screen.getByRole('region', { name: 'Top albums' })));
    // Each album's songs in turn, its most played first.
    await waitFor(() => expect(queued()).toEqual(['Blue Train', "Moment's Notice", 'So What']));
    expect(usePlayer.getState().source?.label).toBe('Top albums · November 2026');
  });

  it('says when a period has no plays, and still leads to those that have', async () => {
    seedListening();
    chose('UTC');
    const { user } = renderApp('/stats?period=month&at=2026-09-10');
    expect(await screen.findByText('No plays in this period yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'September 2026' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Plays' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { name: 'October 2026' })).toBeInTheDocument();
  });

  it('counts the current streak up to today, whatever the period', async () => {
    seed.songs(blueTrain);
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString();
    for (const ago of [0, 1, 2]) played(blueTrain, day(ago));
    played(blueTrain, day(5));
    chose('UTC');
    renderApp('/stats?period=all');
    expect(await screen.findByRole('heading', { name: 'All time' })).toBeInTheDocument();
    const range = dayRange(day(2).slice(0, 10), day(0).slice(0, 10));
    expect(figure('Current streak')).toHaveTextContent(`3 days · ${range}`);
    expect(figure('Longest streak')).toHaveTextContent(`3 days · ${range}`);
  });

  it("sets the browser's time zone once for a listener who never set one, and counts again", async () => {
    browserIn('Europe/Paris');
    seed.songs(blueTrain);
    // 31 October in UTC, already 1 November in Paris.
    played(blueTrain, '2026-10-31T23:30:00.000Z');
    renderApp('/stats?period=month&at=2026-10-15');
    expect(await screen.findByText('Days follow Europe/Paris time')).toBeInTheDocument();
    expect(requestsTo('PUT /api/user/time-zone').map((sent) => sent.body)).toEqual([
      { timeZone: 'Europe/Paris' },
    ]);
    expect(await screen.findByText('No plays in this period yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Use / })).not.toBeInTheDocument();
  });

  it("offers this browser's time zone to a listener who chose another", async () => {
    browserIn('Europe/Paris');
    chose('Asia/Tokyo');
    const { user } = renderApp('/stats');
    expect(await screen.findByText('Days follow Asia/Tokyo time')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use Europe/Paris' }));
    expect(await screen.findByText('Days follow Europe/Paris time')).toBeInTheDocument();
    expect(requestsTo('PUT /api/user/time-zone')).toHaveLength(1);
    expect(store.timeZones.get(listener._id)).toEqual({
      timeZone: 'Europe/Paris',
      chosen: true,
    });
    expect(screen.queryByRole('button', { name: /^Use / })).not.toBeInTheDocument();
  });

  it('links to the year in music of each year with plays, this one so far', async () => {
    const thisYear = new Date().getFullYear();
    seed.songs(blueTrain);
    played(blueTrain, new Date().toISOString());
    played(blueTrain, `${thisYear - 1}-06-01T12:00:00.000Z`);
    chose('UTC');
    renderApp('/stats');
    const years = await screen.findByRole('navigation', { name: 'Your years in music' });
    expect(
      within(years)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      [`Your ${thisYear} in music so far`, `/stats/years/${thisYear}`],
      [`Your ${thisYear - 1} in music`, `/stats/years/${thisYear - 1}`],
    ]);
  });

  it('is in the sidebar next to the listening history', async () => {
    renderApp('/library/recent');
    const library = await screen.findByRole('navigation', { name: 'Your library' });
    const links = within(library)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    const history = links.findIndex(([name]) => name === 'Listening History');
    expect(links[history + 1]).toEqual(['Your stats', '/stats']);
  });
});
