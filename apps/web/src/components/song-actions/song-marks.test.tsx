import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usePlayer } from '@/lib/player/player-store';
import { makeSong, makeUser } from '@/test/mock-api/factories';
import { failure, requestsTo } from '@/test/mock-api/routes';
import { answer, holdRoute } from '@/test/mock-api/server';
import { seed, store } from '@/test/mock-api/store';
import { logIn, renderApp, stubMediaElement } from '@/test/render-app';

beforeEach(() => {
  stubMediaElement();
  logIn();
});
afterEach(() => usePlayer.getState().reset());

const songs = Array.from({ length: 3 }, (_, index) => makeSong(String(index + 1)));

/** Calls to `route` wait until `release()`, then fail with a 500. */
function holdFailure(route: string): { release: () => void } {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  answer(route, async () => {
    await released;
    return failure(500, 'Something went wrong.');
  });
  return { release };
}

async function openDashboard() {
  const view = renderApp('/user/dashboard');
  await screen.findByRole('heading', { name: 'Ada Listener' });
  return view;
}

describe('Liking and saving a song', { timeout: 20_000 }, () => {
  it('fills the heart before the server answers, and reads no profile or marks again', async () => {
    seed.songs(...songs);
    const like = holdRoute('PUT /api/user/songs/1/like');
    const { user } = await openDashboard();
    await user.click((await screen.findAllByRole('button', { name: 'Like Song 1' }))[0]!);
    // The server has not answered yet.
    const [heart] = await screen.findAllByRole('button', { name: 'Unlike Song 1' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(store.likes.get(makeUser()._id) ?? []).toEqual([]);
    const profileReads = requestsTo('GET /api/user/profile').length;
    const marksReads = requestsTo('GET /api/user/songs/marks').length;

    like.release();
    expect(await screen.findByText('Added to your Liked Songs')).toBeInTheDocument();
    expect(store.likes.get(makeUser()._id)).toEqual(['1']);
    expect(screen.getAllByRole('button', { name: 'Unlike Song 1' }).length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Liked Songs: 1')).toBeInTheDocument();
    expect(requestsTo('GET /api/user/profile')).toHaveLength(profileReads);
    expect(requestsTo('GET /api/user/songs/marks')).toHaveLength(marksReads);
  });

  it('empties the heart again and toasts when the like fails', async () => {
    seed.songs(...songs);
    const like = holdFailure('PUT /api/user/songs/1/like');
    const { user } = await openDashboard();
    await user.click((await screen.findAllByRole('button', { name: 'Like Song 1' }))[0]!);
    expect(
      (await screen.findAllByRole('button', { name: 'Unlike Song 1' })).length,
    ).toBeGreaterThan(0);
    expect(screen.getByLabelText('Liked Songs: 1')).toBeInTheDocument();

    like.release();
    expect(await screen.findByText('Failed to update Liked Songs')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryAllByRole('button', { name: 'Unlike Song 1' })).toHaveLength(0),
    );
    expect(screen.getAllByRole('button', { name: 'Like Song 1' })[0]).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByLabelText('Liked Songs: 0')).toBeInTheDocument();
  });

  it('shows a song in the library at once, and takes it out again when saving fails', async () => {
    seed.songs(...songs);
    const save = holdFailure('PUT /api/user/songs/2/save');
    const { user } = await openDashboard();
    const openMenu = async () =>
      user.click((await screen.findAllByRole('button', { name: 'More options for Song 2' }))[0]!);
    await openMenu();
    await user.click(screen.getByRole('menuitem', { name: 'Add to Library' }));
    expect(await screen.findByLabelText('Library Songs: 1')).toBeInTheDocument();
    await openMenu();
    expect(screen.getByRole('menuitem', { name: 'Remove from Library' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    save.release();
    expect(await screen.findByText('Failed to update Library')).toBeInTheDocument();
    expect(await screen.findByLabelText('Library Songs: 0')).toBeInTheDocument();
    await openMenu();
    expect(screen.getByRole('menuitem', { name: 'Add to Library' })).toBeInTheDocument();
  });

  it('shows the heart of a song liked long ago, beyond the songs the profile carries', async () => {
    const many = Array.from({ length: 60 }, (_, index) => makeSong(String(index + 1)));
    // Song 1 is the newest like, Song 60 the oldest: past the profile's 50.
    seed.library({ songs: many, liked: many });
    const { user } = await openDashboard();
    expect(await screen.findByLabelText('Liked Songs: 60')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search songs' }), 'Song 60{Enter}');
    const [heart] = await screen.findAllByRole('button', { name: 'Unlike Song 60' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
  });
});
