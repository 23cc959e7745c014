import { apiKeyMessages, MAX_API_KEY_NAME_LENGTH } from '@cadenza/contract/api-keys';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeApiKey, makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { failRoute, server, stallRoute } from '@/test/mock-api/server';
import { seed, store } from '@/test/mock-api/store';
import { logIn, renderApp } from '@/test/render-app';

const ada = makeUser();

async function openApps() {
  logIn(ada);
  const view = renderApp('/user/dashboard?tab=apps');
  await screen.findByRole('heading', { name: 'Apps', level: 2 });
  return view;
}

const keyList = () => screen.findByRole('list', { name: 'Your app keys' });

describe("the dashboard's Apps tab", { timeout: 20_000 }, () => {
  it('opens from its address after the five tabs, and lists the keys with when they were made and used', async () => {
    const lastHour = new Date(Date.now() - 2 * 3_600_000).toISOString();
    seed.apiKeys(
      ada,
      makeApiKey('k1', { name: 'Symfonium on my phone', lastUsedAt: lastHour }),
      makeApiKey('k2', { name: 'Feishin at work', createdAt: new Date().toISOString() }),
    );
    await openApps();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Home', 'Browse', 'Liked Songs', 'Library', 'Playlists', 'Apps']);
    expect(screen.getByRole('tab', { name: 'Apps' })).toHaveAttribute('aria-selected', 'true');

    const rows = within(await keyList()).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading').textContent)).toEqual([
      'Symfonium on my phone',
      'Feishin at work',
    ]);
    expect(rows[0]).toHaveTextContent(`Created ${new Date('2025-05-01').toLocaleDateString()}`);
    expect(rows[0]).toHaveTextContent('Last used 2 h ago');
    expect(rows[1]).toHaveTextContent('Created just now');
    expect(rows[1]).toHaveTextContent('Never used');
    // Neither the list nor the page ever shows a key itself.
    expect(document.body).not.toHaveTextContent('cdz_');
  });

  it('is a tab of its own in the address, reached from the sidebar too', async () => {
    logIn(ada);
    const { user, router } = renderApp('/user/dashboard');
    await user.click(await screen.findByRole('tab', { name: 'Apps' }));
    expect(router.state.location.search).toBe('?tab=apps');
    expect(await screen.findByRole('heading', { name: 'Use a phone app' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Home' }));
    expect(router.state.location.search).toBe('');
    const sidebar = await screen.findByRole('navigation', { name: 'Your library' });
    await user.click(within(sidebar).getByRole('link', { name: 'Apps' }));
    expect(screen.getByRole('tab', { name: 'Apps' })).toHaveAttribute('aria-selected', 'true');
    expect(within(sidebar).getByRole('link', { name: 'Apps' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const browse = screen.getByRole('navigation', { name: 'Browse' });
    expect(within(browse).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('explains what keys are for when there are none', async () => {
    await openApps();
    expect(await screen.findByRole('heading', { name: 'Use a phone app' })).toBeInTheDocument();
    for (const app of ['Symfonium', 'DSub', 'Feishin', 'Tempo', 'Amperfy', 'Substreamer']) {
      expect(screen.getByText(new RegExp(app))).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Create your first key' })).toBeInTheDocument();
  });

  it('creates a key and shows it once, with a Copy button, the server and the user name', async () => {
    const { user } = await openApps();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(await screen.findByRole('button', { name: 'Create your first key' }));
    const form = screen.getByRole('dialog', { name: 'New app key' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), '  DSub  ');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Key for DSub' });
    const stored = store.apiKeys.find((entry) => entry.name === 'DSub');
    expect(requestsTo('POST /api/user/api-keys')[0]?.body).toEqual({ name: 'DSub' });
    const field = (name: string | RegExp) => within(shown).getByRole('textbox', { name });
    expect(field(/^Key/)).toHaveValue(stored!.key);
    expect(field(/^Key/)).toHaveAttribute('readonly');
    expect(within(shown).getByText(/you will not see it again/)).toBeInTheDocument();
    expect(field('Server')).toHaveValue(window.location.origin);
    expect(field('User name')).toHaveValue(ada.email);

    await user.click(within(shown).getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith(stored!.key);
    expect(await screen.findByText('Key copied')).toBeInTheDocument();

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const rows = within(await keyList()).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('DSub');
    expect(rows[0]).toHaveTextContent('Never used');
    // Once closed, the key is gone for good: the next dialog asks for a name again.
    expect(screen.queryByDisplayValue(stored!.key)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('dialog', { name: 'New app key' })).toBeInTheDocument();
    expect(screen.queryByDisplayValue(stored!.key)).not.toBeInTheDocument();
  });

  it("says what is wrong with the name, in the contract's words, before asking the server", async () => {
    const { user } = await openApps();
    await user.click(await screen.findByRole('button', { name: 'Create your first key' }));
    const form = screen.getByRole('dialog', { name: 'New app key' });
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.type(name, '   ');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText(apiKeyMessages.nameRequired)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await user.clear(name);
    await user.click(name);
    await user.paste('x'.repeat(MAX_API_KEY_NAME_LENGTH + 1));
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText(apiKeyMessages.nameTooLong)).toBeInTheDocument();
    expect(requestsTo('POST /api/user/api-keys')).toHaveLength(0);
  });

  it("shows the server's refusal in the dialog", async () => {
    const { user } = await openApps();
    failRoute('POST /api/user/api-keys', 409, apiKeyMessages.tooMany);
    await user.click(await screen.findByRole('button', { name: 'Create your first key' }));
    const form = screen.getByRole('dialog', { name: 'New app key' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Tempo');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText(apiKeyMessages.tooMany)).toBeInTheDocument();
    expect(store.apiKeys).toHaveLength(0);
  });

  it('revokes a key after asking, and says so', async () => {
    seed.apiKeys(ada, makeApiKey('k1', { name: 'Amperfy' }), makeApiKey('k2', { name: 'Tempo' }));
    const { user } = await openApps();
    await user.click(within(await keyList()).getByRole('button', { name: 'Revoke Amperfy' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke key' });
    expect(confirm).toHaveTextContent('Apps using "Amperfy" will be signed out');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('Key "Amperfy" revoked')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Your app keys' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(store.apiKeys.map((entry) => entry.name)).toEqual(['Tempo']);
  });

  it('keeps the key when the revocation is cancelled or fails', async () => {
    seed.apiKeys(ada, makeApiKey('k1', { name: 'Amperfy' }));
    const { user } = await openApps();
    const revoke = within(await keyList()).getByRole('button', { name: 'Revoke Amperfy' });
    await user.click(revoke);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(requestsTo('DELETE /api/user/api-keys/:id')).toHaveLength(0);

    failRoute('DELETE /api/user/api-keys/:id', 404, 'API key not found.');
    await user.click(revoke);
    await user.click(
      within(screen.getByRole('dialog', { name: 'Revoke key' })).getByRole('button', {
        name: 'Revoke',
      }),
    );
    expect(await screen.findByText('API key not found.')).toBeInTheDocument();
    expect(store.apiKeys).toHaveLength(1);
  });

  it('shows a skeleton while loading, and a failed load offers Retry', async () => {
    stallRoute('GET /api/user/api-keys');
    logIn(ada);
    const first = renderApp('/user/dashboard?tab=apps');
    expect(
      await screen.findByRole('status', { name: 'Loading your app keys' }),
    ).toBeInTheDocument();
    first.unmount();

    seed.apiKeys(ada, makeApiKey('k1', { name: 'Substreamer' }));
    failRoute('GET /api/user/api-keys', 500, 'Something went wrong.');
    const { user } = await openApps();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your app keys.');

    // The server answers again.
    server.resetHandlers();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      within(await keyList()).getByRole('heading', { name: 'Substreamer' }),
    ).toBeInTheDocument();
  });
});
