import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { makeAlbum, makeSong } from '@/test/mock-api/factories';
import { stallRoute } from '@/test/mock-api/server';
import { seed } from '@/test/mock-api/store';
import { logIn, renderApp, stubMediaElement } from '@/test/render-app';
import { failOnce, seedBeatles } from './catalogue-test-data';

beforeEach(() => {
  stubMediaElement();
  logIn();
});
afterEach(() => usePlayer.getState().reset());

/** The page's own header (the app's header is a banner too). */
async function pageHeader(): Promise<HTMLElement> {
  const title = await screen.findByRole('heading', { level: 1 });
  const header = title.closest('header');
  if (!header) throw new Error('no page header');
  return header;
}

describe('Album page', { timeout: 20_000 }, () => {
  it('shows cover, title, artist link, year, song count, total length and tracks by disc', async () => {
    seedBeatles();
    renderApp('/album/abbey');
    expect(await screen.findByRole('heading', { level: 1, name: 'Abbey Road' })).toBeVisible();
    const header = await pageHeader();
    expect(within(header).getByRole('link', { name: 'The Beatles' })).toHaveAttribute(
      'href',
      '/artist/beatles',
    );
    expect(header).toHaveTextContent('The Beatles • 1969 • 3 songs • 9 min 15 s');
    const grid = screen.getByRole('grid', { name: 'Tracks of Abbey Road' });
    expect(
      within(grid)
        .getAllByRole('row')
        .map((row) => row.getAttribute('aria-label') ?? row.textContent),
    ).toEqual(['#Title', 'Disc 1', 'Come Together', 'Something', 'Disc 2', 'Here Comes the Sun']);
  });

  it('has no disc headings for a one-disc album and plays it from the first track', async () => {
    seedBeatles();
    const { user } = renderApp('/album/help');
    const grid = await screen.findByRole('grid', { name: 'Tracks of Help!' });
    expect(within(grid).queryByText('Disc 1')).not.toBeInTheDocument();
    expect(await pageHeader()).toHaveTextContent('4 songs • 12 min 20 s');
    await user.click(screen.getByRole('button', { name: 'Play album Help!' }));
    expect(usePlayer.getState().current?.title).toBe('Help!');
    expect(usePlayer.getState().queue.map((song) => song.title)).toEqual([
      'Help!',
      'The Night Before',
      'Ticket to Ride',
      'Yesterday',
    ]);
    await user.click(screen.getByRole('button', { name: 'Pause album Help!' }));
    expect(usePlayer.getState().isPlaying).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Shuffle album Help!' }));
    expect(usePlayer.getState().shuffle).toBe(true);
    expect(usePlayer.getState().isPlaying).toBe(true);
  });

  it('states its exact length in hours, minutes and seconds', async () => {
    seed.album(makeAlbum('long', { title: 'Long' }), [
      makeSong('l1', { durationMs: 40 * 60_000 + 1_500 }),
      makeSong('l2', { durationMs: 22 * 60_000 + 1_600 }),
    ]);
    renderApp('/album/long');
    expect(await pageHeader()).toHaveTextContent('2 songs • 1 h 2 min 3 s');
  });

  it('shows the release date, first release, labels, compilation and MusicBrainz link', async () => {
    seed.album(
      makeAlbum('box', {
        title: 'The Box',
        year: 2004,
        releaseDate: '2004-03-02',
        isCompilation: true,
        artist: { _id: 'nova', name: 'Nova' },
      }),
      [makeSong('b1', { durationMs: 42 * 60_000 + 7_000 })],
      {
        originalReleaseDate: '1999',
        recordLabels: ['Night Records', 'Day Records'],
        musicBrainzId: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
      },
    );
    renderApp('/album/box');
    const header = await pageHeader();
    expect(header).toHaveTextContent(
      'Nova • 2 March 2004 • Night Records, Day Records • 1 song • 42 min 7 s',
    );
    expect(header).toHaveTextContent('Originally released 1999');
    expect(within(header).getByText('Compilation')).toBeVisible();
    const link = within(header).getByRole('link', { name: 'MusicBrainz' });
    expect(link).toHaveAttribute(
      'href',
      'https://musicbrainz.org/release/6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('says nothing of a first release on the same date, nor of details no tag gave', async () => {
    seed.album(
      makeAlbum('plain', { title: 'Plain', releaseDate: '2004-03', year: 2004 }),
      [makeSong('p1', { durationMs: 7_000 })],
      { originalReleaseDate: '2004-03' },
    );
    renderApp('/album/plain');
    const header = await pageHeader();
    expect(header).toHaveTextContent('Artist plain • March 2004 • 1 song • 7 s');
    expect(header).not.toHaveTextContent('Originally released');
    expect(within(header).queryByText('Compilation')).not.toBeInTheDocument();
    expect(within(header).queryByRole('link', { name: 'MusicBrainz' })).not.toBeInTheDocument();
  });

  it('heads each disc with its title, if it has one', async () => {
    seed.album(
      makeAlbum('set', { title: 'The Set', discCount: 2 }),
      [
        makeSong('s2', { title: 'Later', discNumber: 2, trackNumber: 1 }),
        makeSong('s1', { title: 'Intro', discNumber: 1, trackNumber: 1 }),
      ],
      { discTitles: [{ disc: 1, title: 'The Early Years' }] },
    );
    renderApp('/album/set');
    const grid = await screen.findByRole('grid', { name: 'Tracks of The Set' });
    expect(
      within(grid)
        .getAllByRole('row')
        .map((row) => row.getAttribute('aria-label') ?? row.textContent),
    ).toEqual(['#Title', 'Disc 1 — The Early Years', 'Intro', 'Disc 2', 'Later']);
  });

  it('heads the one disc of an album when it has a title', async () => {
    seed.album(
      makeAlbum('one', { title: 'One Disc' }),
      [makeSong('o1', { title: 'Only', discNumber: 1, trackNumber: 1 })],
      { discTitles: [{ disc: 1, title: 'Side Story' }] },
    );
    renderApp('/album/one');
    const grid = await screen.findByRole('grid', { name: 'Tracks of One Disc' });
    expect(within(grid).getByText('Disc 1 — Side Story')).toBeInTheDocument();
  });

  it('shows skeletons while loading', async () => {
    stallRoute('GET /api/user/albums/:id');
    renderApp('/album/abbey');
    expect(await screen.findByRole('status', { name: 'Loading album' })).toBeInTheDocument();
  });

  it('offers Retry after a failed load, never an empty album', async () => {
    seedBeatles();
    failOnce('GET /api/user/albums/:id');
    const { user } = renderApp('/album/abbey');
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load this album.");
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Abbey Road' })).toBeVisible();
  });

  it('is a 404 page for an unknown album', async () => {
    renderApp('/album/nothing-here');
    expect(await screen.findByRole('heading', { name: 'Album Not Found' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
