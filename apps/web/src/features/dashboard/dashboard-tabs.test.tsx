import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSong } from '@/test/mock-api/factories';
import { seed } from '@/test/mock-api/store';
import { logIn, renderApp, stubMediaElement } from '@/test/render-app';

// Which tabs' modules have been evaluated: a tab's code is fetched when its module is.
const evaluated = vi.hoisted(() => new Set<string>());
vi.mock('./tabs/browse-tab', async (importOriginal) => {
  evaluated.add('Browse');
  return importOriginal();
});
vi.mock('./tabs/playlists-tab', async (importOriginal) => {
  evaluated.add('Playlists');
  return importOriginal();
});

beforeEach(() => {
  stubMediaElement();
  logIn();
});

describe('The dashboard’s tabs', () => {
  it('load the code of the open tab only, and another tab’s when it opens', async () => {
    seed.songs(makeSong('1'));
    const { user } = renderApp('/user/dashboard');
    expect(await screen.findByRole('list', { name: 'Popular Songs' })).toBeInTheDocument();
    expect([...evaluated]).toEqual([]);

    await user.click(screen.getByRole('tab', { name: 'Browse' }));
    expect(await screen.findByRole('heading', { name: 'All Songs' })).toBeInTheDocument();
    expect([...evaluated]).toEqual(['Browse']);
  });
});
