import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '@/test/mock-api/factories';
import { store } from '@/test/mock-api/store';
import { logIn, renderWithProviders } from '@/test/render-app';
import { SharesSection } from './shares-section';

const user = makeUser();

function shareOf(id: string, title: string, facts: { viewCount: number; playCount: number }) {
  store.shares.push({
    share: {
      _id: id,
      path: `/share/${id}`,
      kind: 'album',
      title,
      description: null,
      expiresAt: null,
      allowDownload: false,
      lastViewedAt: null,
      createdAt: '2026-11-30T10:00:00.000Z',
      ...facts,
    },
    ownerId: user._id,
    ownerName: user.name,
    songIds: [],
  });
}

beforeEach(() => {
  logIn(user);
});

describe('Shared links in account settings', () => {
  it('lists the links with their views and plays, and Revoke ends one', async () => {
    shareOf('first-link-aaaaaaaaaaa', 'Blue Hour', { viewCount: 1, playCount: 3 });
    shareOf('second-link-bbbbbbbbbb', 'Night Drive', { viewCount: 0, playCount: 0 });
    const { user: clicker } = renderWithProviders(<SharesSection />);
    const list = await screen.findByRole('list', { name: 'Your shared links' });
    expect(within(list).getByText('1 view · 3 plays')).toBeInTheDocument();
    expect(within(list).getByText('0 views · 0 plays')).toBeInTheDocument();

    await clicker.click(screen.getByRole('button', { name: 'Revoke the link to Blue Hour' }));
    expect(await screen.findByText('The link to Blue Hour no longer works')).toBeInTheDocument();
    await expect.poll(() => screen.queryByText('Blue Hour')).toBeNull();
    expect(store.shares.map((kept) => kept.share.title)).toEqual(['Night Drive']);
  });

  it('says how to share when there is nothing yet', async () => {
    renderWithProviders(<SharesSection />);
    expect(await screen.findByText(/You have not shared anything yet/)).toBeInTheDocument();
  });
});
