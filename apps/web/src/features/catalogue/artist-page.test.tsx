import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { makeAlbum, makeArtist, makeSong } from '@/test/mock-api/factories';
import { stallRoute } from '@/test/mock-api/server';
import { seed } from '@/test/mock-api/store';
import { logIn, renderApp, stubMediaElement } from '@/test/render-app';
import { failOnce, seedBeatles, seedDiscography } from './catalogue-test-data';

beforeEach(() => {
  stubMediaElement();
  logIn();
});
afterEach(() => usePlayer.getState().reset());

/** The headings of the page's sections, in order (the footer's aside). */
const sectionHeadings = () =>
  within(screen.getByRole('main'))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

describe('Artist page', { timeout: 20_000 }, () => {
  it('shows picture, name, counts, the top 5 songs (10 with Show more) and the albums', async () => {
    seedBeatles();
    seed.songs(
      ...Array.from({ length: 5 }, (_, index) =>
        makeSong(`extra-${index}`, {
          artists: [{ _id: 'beatles', name: 'The Beatles', role: 'main' }],
        }),
      ),
    );
    const { user } = renderApp('/artist/beatles');
    expect(await screen.findByRole('heading', { level: 1, name: 'The Beatles' })).toBeVisible();
    expect(screen.getByText('2 releases • 7 songs')).toBeInTheDocument();
    const popular = screen.getByRole('grid', { name: 'Popular songs of The Beatles' });
    expect(within(popular).getAllByRole('row')).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(within(popular).getAllByRole('row')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Show less' }));
    expect(within(popular).getAllByRole('row')).toHaveLength(5);

    const albums = screen.getByRole('list', { name: 'Albums of The Beatles' });
    expect(
      within(albums)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['Abbey Road', 'Help!']);
    expect(within(albums).getByRole('link', { name: 'Abbey Road' })).toHaveAttribute(
      'href',
      '/album/abbey',
    );
  });

  it('lists their releases by type, then the albums of others they appear on', async () => {
    seedDiscography();
    renderApp('/artist/nova');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nova' })).toBeVisible();
    expect(screen.getByText('6 releases • 8 songs')).toBeInTheDocument();
    expect(sectionHeadings()).toEqual([
      'Popular',
      'Albums',
      'EPs',
      'Singles',
      'Compilations',
      'Live',
      'Appears on',
    ]);
    const cards = (name: string) =>
      within(screen.getByRole('list', { name }))
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label'));
    expect(cards('Albums of Nova')).toEqual(['Second Sun', 'First Light']);
    expect(cards('EPs of Nova')).toEqual(['Neon EP']);
    expect(cards('Singles of Nova')).toEqual(['Glow']);
    expect(cards('Compilations of Nova')).toEqual(['Greatest Hits']);
    expect(cards('Live of Nova')).toEqual(['Nova Live']);
    expect(cards('Albums Nova appears on')).toEqual(['Now 99', 'Echo Chamber']);
    // Others' albums name their artist; her own do not.
    const appearsOn = screen.getByRole('list', { name: 'Albums Nova appears on' });
    expect(within(appearsOn).getByRole('link', { name: 'Various Artists' })).toBeInTheDocument();
    expect(within(appearsOn).getByRole('link', { name: 'Echo' })).toBeInTheDocument();
    const own = screen.getByRole('list', { name: 'Albums of Nova' });
    expect(within(own).queryByRole('link', { name: 'Nova' })).not.toBeInTheDocument();
  });

  it('gives an artist with no release of their own their songs and the albums they are on', async () => {
    seedDiscography();
    renderApp('/artist/guest');
    expect(await screen.findByRole('heading', { level: 1, name: 'Guest' })).toBeVisible();
    expect(screen.getByText('Appears on 2 albums • 2 songs')).toBeInTheDocument();
    expect(sectionHeadings()).toEqual(['Popular', 'Appears on']);
    expect(
      within(screen.getByRole('grid', { name: 'Popular songs of Guest' })).getAllByRole('row'),
    ).toHaveLength(2);
  });

  it('counts one release, one album and one song in the singular', async () => {
    seed.artists(
      makeArtist('solo', { name: 'Solo', albumCount: 1, songCount: 1 }),
      makeArtist('once', { name: 'Once', albumCount: 0, songCount: 1 }),
    );
    seed.album(makeAlbum('solo-1', { title: 'Alone', artist: { _id: 'solo', name: 'Solo' } }), [
      makeSong('duet', {
        artist: 'Solo feat. Once',
        artists: [
          { _id: 'solo', name: 'Solo', role: 'main' },
          { _id: 'once', name: 'Once', role: 'featured' },
        ],
      }),
    ]);
    const { unmount } = renderApp('/artist/solo');
    expect(await screen.findByText('1 release • 1 song')).toBeInTheDocument();
    unmount();
    renderApp('/artist/once');
    expect(await screen.findByText('Appears on 1 album • 1 song')).toBeInTheDocument();
  });

  it('plays the top songs', async () => {
    seedBeatles();
    const { user } = renderApp('/artist/beatles');
    await user.click(await screen.findByRole('button', { name: 'Play The Beatles' }));
    expect(usePlayer.getState().queue).toHaveLength(7);
    expect(usePlayer.getState().isPlaying).toBe(true);
  });

  it('shows skeletons while loading', async () => {
    stallRoute('GET /api/user/artists/:id');
    renderApp('/artist/beatles');
    expect(await screen.findByRole('status', { name: 'Loading artist' })).toBeInTheDocument();
  });

  it('offers Retry after a failed load', async () => {
    seedBeatles();
    failOnce('GET /api/user/artists/:id');
    const { user } = renderApp('/artist/beatles');
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load this artist.");
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'The Beatles' })).toBeVisible();
  });

  it('is a 404 page for an unknown artist', async () => {
    renderApp('/artist/nobody');
    expect(await screen.findByRole('heading', { name: 'Artist Not Found' })).toBeVisible();
  });
});
