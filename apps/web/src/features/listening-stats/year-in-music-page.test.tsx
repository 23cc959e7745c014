import { screen, waitFor, within } from '@testing-library/react';
import type { User } from '@cadenza/contract/auth';
import type { Song } from '@cadenza/contract/songs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { makeSong } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { seed, store } from '@/test/mock-api/store';
import { tagGenre } from '@/test/mock-api/tag-genres';
import { logIn, renderApp, stubMediaElement } from '@/test/render-app';

const songId = (n: number) => `0190a0a0-0000-7000-8000-00000000010${n}`;
const coltrane = { _id: 'a-coltrane', name: 'John Coltrane', role: 'main' } as const;
const blueTrain = makeSong(songId(1), {
  title: 'Blue Train',
  artist: coltrane.name,
  artists: [coltrane],
  genres: [tagGenre('Jazz')],
  duration: 600,
});
const momentsNotice = makeSong(songId(2), {
  title: "Moment's Notice",
  artist: coltrane.name,
  artists: [coltrane],
  duration: 300,
});
const soWhat = makeSong(songId(3), { title: 'So What', duration: 540 });

let listener: User;

function played(song: Song, playedAt: string) {
  store.plays.push({ userId: listener._id, songId: song._id, playedAt });
}

/** 2025: five plays, 2,640 seconds, on 1–3 March and 7 June; one play in 2026. */
function seedYear() {
  seed.songs(blueTrain, momentsNotice, soWhat);
  played(blueTrain, '2025-03-01T14:00:00.000Z');
  played(momentsNotice, '2025-03-01T15:00:00.000Z');
  played(blueTrain, '2025-03-02T14:00:00.000Z');
  played(blueTrain, '2025-03-03T09:00:00.000Z');
  played(soWhat, '2025-06-07T20:00:00.000Z');
  played(soWhat, '2026-01-10T20:00:00.000Z');
}

const figure = (name: string) => screen.getByRole('group', { name });
const playButton = (list: HTMLElement) => within(list).getByRole('button', { name: 'Play' });

beforeEach(() => {
  stubMediaElement();
  listener = logIn();
  store.timeZones.set(listener._id, { timeZone: 'UTC', chosen: true });
});
afterEach(() => usePlayer.getState().reset());

describe('/stats/years/:year', () => {
  it('tells the year as a recap', async () => {
    seedYear();
    renderApp('/stats/years/2025');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your 2025 in music' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Days follow UTC time')).toBeInTheDocument();
    expect(figure('Minutes listened')).toHaveTextContent('44');
    expect(figure('Plays')).toHaveTextContent('5');
    expect(figure('Days')).toHaveTextContent('4');
    expect(figure('Songs')).toHaveTextContent('3');
    expect(figure('Artists')).toHaveTextContent('2');

    expect(
      within(screen.getByRole('list', { name: 'Top songs' }))
        .getAllByRole('listitem')
        .map((row) => row.getAttribute('aria-label')),
    ).toEqual(['1. Blue Train', '2. So What', "3. Moment's Notice"]);
    expect(screen.getByText('2 new artists, 3 new songs')).toBeInTheDocument();
    const months = within(screen.getByRole('list', { name: 'Listening by month' }));
    expect(months.getAllByRole('img')).toHaveLength(12);
    expect(months.getByRole('img', { name: 'March — 35 minutes' })).toBeInTheDocument();
    expect(months.getByRole('img', { name: 'June — 9 minutes' })).toBeInTheDocument();

    expect(figure('Busiest day')).toHaveTextContent('Saturday, 1 March 2025');
    expect(figure('Busiest day')).toHaveTextContent('15 minutes, 2 plays');
    expect(figure('Favourite hour')).toHaveTextContent('14:00');
    expect(figure('Favourite weekday')).toHaveTextContent('Saturday');
    expect(figure('Longest streak')).toHaveTextContent('3 days · 1–3 Mar');
  });

  it('switches between the years with plays', async () => {
    seedYear();
    const { user } = renderApp('/stats/years/2025');
    const years = await screen.findByRole('navigation', { name: 'Years' });
    expect(await within(years).findByRole('link', { name: '2025' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(years).getByRole('link', { name: '2026' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: /^Your 2026 in music/ }),
    ).toBeInTheDocument();
    await waitFor(() => expect(figure('Plays')).toHaveTextContent('1'));
  });

  it('plays a top list of the year as the queue', async () => {
    seedYear();
    const { user } = renderApp('/stats/years/2025');
    await user.click(playButton(await screen.findByRole('region', { name: 'Top songs' })));
    await waitFor(() => expect(usePlayer.getState().current?._id).toBe(blueTrain._id));
    expect(Object.fromEntries(requestsTo('GET /api/user/stats/queue')[0]?.query ?? [])).toEqual({
      period: 'year',
      at: '2025-01-01',
      list: 'songs',
    });
    expect(usePlayer.getState().queue.map((song) => song.title)).toEqual([
      'Blue Train',
      'So What',
      "Moment's Notice",
    ]);
    expect(usePlayer.getState().source).toEqual({
      kind: 'list',
      label: 'Top songs · 2025 in music',
      path: '/stats/years/2025',
    });
  });

  it('saves the recap as a picture drawn on a canvas', async () => {
    seedYear();
    const written: string[] = [];
    const context = {
      fillStyle: '',
      font: '',
      textAlign: 'left',
      textBaseline: 'top',
      fillRect: vi.fn(),
      fillText: vi.fn((text: string) => written.push(text)),
    };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      context as unknown as CanvasRenderingContext2D,
    );
    const toBlob = vi
      .spyOn(HTMLCanvasElement.prototype, 'toBlob')
      .mockImplementation((done) => done(new Blob(['png'], { type: 'image/png' })));
    // jsdom makes no object URLs.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:recap';
        static override revokeObjectURL = () => {};
      },
    );
    const saved: { name: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, href: this.href });
    });

    const { user } = renderApp('/stats/years/2025');
    await user.click(await screen.findByRole('button', { name: 'Save as image' }));
    await waitFor(() =>
      expect(saved).toEqual([{ name: 'cadenza-2025-in-music.png', href: 'blob:recap' }]),
    );
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/png');
    expect(written).toEqual(
      expect.arrayContaining(['Your 2025 in music', '44', 'minutes listened', '1  Blue Train']),
    );
    expect(context.fillRect).toHaveBeenCalled();
  });

  it('says when a year has no plays, with nothing to save', async () => {
    seedYear();
    renderApp('/stats/years/2019');
    expect(await screen.findByText('No plays in 2019')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save as image' })).not.toBeInTheDocument();
  });

  it.each(['someday', '1969'])(
    'answers /stats/years/%s, which is no year counted, with a page saying so',
    async (year) => {
      renderApp(`/stats/years/${year}`);
      expect(await screen.findByRole('heading', { name: 'Year Not Found' })).toBeInTheDocument();
    },
  );
});
