import { shareMessages } from '@cadenza/contract/shares';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeSong, makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { seed, store } from '@/test/mock-api/store';
import { renderApp, stubMediaElement } from '@/test/render-app';

const songs = ['1', '2'].map((n) =>
  makeSong(`0190d4f2-8b1e-7000-8000-00000000000${n}`, { title: `Shared ${n}` }),
);

function shared(overrides: { expiresAt?: string | null; allowDownload?: boolean } = {}) {
  const owner = makeUser({ name: 'Maya' });
  store.shares.push({
    share: {
      _id: 'AbCdEfGhIjKlMnOpQrStUv',
      path: '/share/AbCdEfGhIjKlMnOpQrStUv',
      kind: 'songs',
      title: 'Shared 1 and 1 more',
      description: 'For the road',
      expiresAt: overrides.expiresAt ?? null,
      allowDownload: overrides.allowDownload ?? false,
      viewCount: 0,
      playCount: 0,
      lastViewedAt: null,
      createdAt: '2026-11-30T10:00:00.000Z',
    },
    ownerId: owner._id,
    ownerName: owner.name,
    songIds: songs.map((song) => song._id),
  });
}

beforeEach(() => {
  stubMediaElement();
  seed.songs(...songs);
});

describe('a shared page, for a visitor without an account', () => {
  it('shows who shared what, and plays a song on the page, counting the play', async () => {
    shared();
    const { user } = renderApp('/share/AbCdEfGhIjKlMnOpQrStUv');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Shared 1 and 1 more' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Shared by Maya')).toBeInTheDocument();
    expect(screen.getByText('For the road')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Download/ })).not.toBeInTheDocument();

    const list = screen.getByRole('list', { name: 'Songs' });
    await user.click(within(list).getByRole('button', { name: 'Play Shared 2' }));
    const audio = screen.getByLabelText('Mini player');
    expect(audio).toHaveAttribute('src', songs[1]!.audioFile);
    await expect.poll(() => requestsTo('POST /api/shares/:id/plays').length).toBe(1);
    expect(store.shares[0]!.share.playCount).toBe(1);
  });

  it('offers each song to download when the owner allowed it', async () => {
    shared({ allowDownload: true });
    renderApp('/share/AbCdEfGhIjKlMnOpQrStUv');
    const link = await screen.findByRole('link', { name: 'Download Shared 1' });
    expect(link).toHaveAttribute('href', songs[0]!.audioFile);
  });

  it('says so when the share has expired', async () => {
    shared({ expiresAt: '2020-01-01T00:00:00.000Z' });
    renderApp('/share/AbCdEfGhIjKlMnOpQrStUv');
    expect(await screen.findByRole('heading', { name: shareMessages.expired })).toBeInTheDocument();
    expect(screen.queryByLabelText('Mini player')).not.toBeInTheDocument();
  });

  it('says so when the share does not exist or was revoked', async () => {
    renderApp('/share/guessed');
    expect(
      await screen.findByRole('heading', { name: shareMessages.notFound }),
    ).toBeInTheDocument();
  });
});
