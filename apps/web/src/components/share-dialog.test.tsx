import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useShareDialog } from '@/lib/share-dialog';
import { makeSong } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { seed, store } from '@/test/mock-api/store';
import { logIn, renderWithProviders } from '@/test/render-app';
import { ShareDialog } from './share-dialog';

const song = makeSong('0190d4f2-8b1e-7000-8000-0000000000b1', { title: 'Harbour Lights' });

beforeEach(() => {
  logIn();
  seed.songs(song);
});
afterEach(() => useShareDialog.getState().close());

describe('the Share dialog', () => {
  it('makes a link with a description, an expiry and leave to download, then shows it', async () => {
    const { user } = renderWithProviders(<ShareDialog />);
    act(() =>
      useShareDialog.getState().open({ kind: 'songs', itemIds: [song._id], name: song.title }),
    );
    expect(await screen.findByText('Share “Harbour Lights”')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Description (optional)'), 'Play it loud');
    await user.click(screen.getByLabelText('Link works for'));
    await user.click(await screen.findByRole('option', { name: '7 days' }));
    await user.click(screen.getByLabelText('Allow downloads'));
    await user.click(screen.getByRole('button', { name: 'Create link' }));

    const link = await screen.findByLabelText('Link');
    const made = store.shares[0]!.share;
    expect(link).toHaveValue(`${window.location.origin}/share/${made._id}`);
    expect(made).toMatchObject({ description: 'Play it loud', allowDownload: true });
    const days = (Date.parse(made.expiresAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    expect(requestsTo('POST /api/user/shares')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });
});
