import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { makeAlbum, makeArtist, makeSong, makeUser } from '@/test/mock-api/factories';
import { failRoute, holdRoute } from '@/test/mock-api/server';
import { seed, store } from '@/test/mock-api/store';
import { logIn, renderApp, stubMediaElement } from '@/test/render-app';

const dawn = makeAlbum('dawn', { title: 'Dawn', artist: { _id: 'aria', name: 'Aria' } });
const aria = makeArtist('aria', { name: 'Aria' });

beforeEach(() => {
  stubMediaElement();
  logIn();
  seed.album(dawn, [makeSong('one', { title: 'One' })]);
  seed.artists(aria);
});
afterEach(() => usePlayer.getState().reset());

const PAGES = [
  {
    kind: 'album',
    path: '/album/dawn',
    toggle: 'PUT /api/user/albums/:id/like',
    likes: () => store.albumLikes,
    likeIt: () => seed.albumLikes(makeUser(), [dawn]),
    id: 'dawn',
    failed: 'Failed to update Liked Albums',
  },
  {
    kind: 'artist',
    path: '/artist/aria',
    toggle: 'PUT /api/user/artists/:id/like',
    likes: () => store.artistLikes,
    likeIt: () => seed.artistLikes(makeUser(), [aria]),
    id: 'aria',
    failed: 'Failed to update Liked Artists',
  },
] as const;

describe.each(PAGES)('The heart of the $kind page', (page) => {
  it('flips at once, before the server answers, and the like is kept', async () => {
    const held = holdRoute(page.toggle);
    const { user } = renderApp(page.path);
    const heart = await screen.findByRole('button', { name: `Like ${page.kind}` });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    const liked = await screen.findByRole('button', { name: `Unlike ${page.kind}` });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    expect(page.likes().get(makeUser()._id)).toBeUndefined();
    held.release();
    await screen.findByRole('button', { name: `Unlike ${page.kind}`, pressed: true });
    await expect.poll(() => page.likes().get(makeUser()._id)).toEqual([page.id]);

    await user.click(await screen.findByRole('button', { name: `Unlike ${page.kind}` }));
    expect(
      await screen.findByRole('button', { name: `Like ${page.kind}`, pressed: false }),
    ).toBeInTheDocument();
    await expect.poll(() => page.likes().get(makeUser()._id)).toEqual([]);
  });

  it(`shows the heart filled for a liked ${page.kind}`, async () => {
    page.likeIt();
    renderApp(page.path);
    expect(
      await screen.findByRole('button', { name: `Unlike ${page.kind}`, pressed: true }),
    ).toBeInTheDocument();
  });

  it('flips back with the toast when the server refuses', async () => {
    failRoute(page.toggle, 500, 'Something went wrong.');
    const { user } = renderApp(page.path);
    await user.click(await screen.findByRole('button', { name: `Like ${page.kind}` }));
    expect(await screen.findByText(page.failed)).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: `Like ${page.kind}`, pressed: false }),
    ).toBeInTheDocument();
  });
});
