import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { seed, store } from '@/test/mock-api/store';
import { logIn, renderApp } from '@/test/render-app';

function openSettings() {
  logIn(adminUser);
  seed.user(adminUser);
  return renderApp('/admin/dashboard?tab=settings');
}

describe('the Last.fm settings of the Settings tab', { timeout: 20_000 }, () => {
  it('saves the API key and secret, and never shows the secret again', async () => {
    const { user } = openSettings();
    const key = await screen.findByRole('textbox', { name: 'Last.fm API key' });
    expect(screen.getByText('No secret is set yet.')).toBeInTheDocument();
    await user.type(key, 'the-api-key');
    await user.type(screen.getByLabelText('Last.fm shared secret'), 'the-secret');
    await user.click(screen.getByRole('button', { name: 'Save Last.fm settings' }));
    expect(await screen.findByText('Last.fm settings saved')).toBeInTheDocument();
    expect(requestsTo('PUT /api/admin/settings/lastfm')[0]?.body).toEqual({
      apiKey: 'the-api-key',
      secret: 'the-secret',
    });
    expect(screen.getByLabelText('Last.fm shared secret')).toHaveValue('');
    expect(screen.getByText('A secret is set. Leave this blank to keep it.')).toBeInTheDocument();
  });

  it('keeps the secret when only the key changes', async () => {
    store.scrobbling.lastFmApiKey = 'old-key';
    store.scrobbling.lastFmSecret = 'kept-secret';
    const { user } = openSettings();
    const key = await screen.findByRole('textbox', { name: 'Last.fm API key' });
    expect(key).toHaveValue('old-key');
    await user.clear(key);
    await user.type(key, 'new-key');
    await user.click(screen.getByRole('button', { name: 'Save Last.fm settings' }));
    expect(await screen.findByText('Last.fm settings saved')).toBeInTheDocument();
    expect(requestsTo('PUT /api/admin/settings/lastfm')[0]?.body).toEqual({ apiKey: 'new-key' });
    expect(store.scrobbling.lastFmSecret).toBe('kept-secret');
  });
});
