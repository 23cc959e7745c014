import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { failRoute } from '@/test/mock-api/server';
import { store } from '@/test/mock-api/store';
import { logIn, renderApp } from '@/test/render-app';

const ada = makeUser();

async function openScrobbling() {
  logIn(ada);
  const view = renderApp('/account');
  const card = await screen.findByRole('region', { name: 'Scrobbling' });
  const listenBrainz = await within(card).findByRole('region', { name: 'ListenBrainz' });
  const lastFm = within(card).getByRole('region', { name: 'Last.fm' });
  return { ...view, card, listenBrainz, lastFm };
}

function configureLastFm() {
  store.scrobbling.lastFmApiKey = 'the-api-key';
  store.scrobbling.lastFmSecret = 'the-secret';
}

describe('the scrobbling section of the account page', { timeout: 20_000 }, () => {
  it('connects ListenBrainz with a token it accepts, and says why it refused another', async () => {
    store.scrobbling.listenBrainzTokens.set('good-token', 'ada-on-lb');
    const { user, listenBrainz } = await openScrobbling();
    const token = within(listenBrainz).getByRole('textbox', { name: 'ListenBrainz user token' });
    await user.type(token, 'wrong-token');
    await user.click(within(listenBrainz).getByRole('button', { name: 'Connect ListenBrainz' }));
    expect(
      await within(listenBrainz).findByText(
        'ListenBrainz does not know this token. Copy it again from your ListenBrainz settings.',
      ),
    ).toBeInTheDocument();

    await user.clear(token);
    await user.type(token, 'good-token');
    await user.click(within(listenBrainz).getByRole('button', { name: 'Connect ListenBrainz' }));
    expect(await within(listenBrainz).findByText('Connected as ada-on-lb')).toBeInTheDocument();
    expect(requestsTo('PUT /api/user/scrobbling/listenbrainz').at(-1)?.body).toEqual({
      token: 'good-token',
    });
    expect(within(listenBrainz).queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(within(listenBrainz).getByRole('button', { name: 'Disconnect ListenBrainz' }));
    expect(
      await within(listenBrainz).findByRole('textbox', { name: 'ListenBrainz user token' }),
    ).toBeInTheDocument();
  });

  it('connects Last.fm: opens its page, then keeps the session once the listener allowed it', async () => {
    configureLastFm();
    const { user, lastFm } = await openScrobbling();
    await user.click(within(lastFm).getByRole('button', { name: 'Connect Last.fm' }));
    const page = await within(lastFm).findByRole('link', { name: 'Open Last.fm' });
    const authUrl = new URL(page.getAttribute('href') ?? '');
    expect(`${authUrl.origin}${authUrl.pathname}`).toBe('https://www.last.fm/api/auth/');
    expect(authUrl.searchParams.get('api_key')).toBe('the-api-key');
    expect(page).toHaveAttribute('target', '_blank');

    await user.click(within(lastFm).getByRole('button', { name: 'I have allowed access' }));
    expect(
      await within(lastFm).findByText(
        'Last.fm has not been allowed yet. Press Connect Last.fm and allow Cadenza there.',
      ),
    ).toBeInTheDocument();

    store.scrobbling.lastFmAllowed.set(authUrl.searchParams.get('token') ?? '', 'ada-on-fm');
    await user.click(within(lastFm).getByRole('button', { name: 'I have allowed access' }));
    expect(await within(lastFm).findByText('Connected as ada-on-fm')).toBeInTheDocument();
  });

  it('shows a link that must be made again and the scrobbles waiting for it', async () => {
    configureLastFm();
    store.scrobbling.links.set(ada._id, {
      listenBrainz: { userName: 'ada-on-lb', needsReconnect: true, waiting: 3 },
      lastFm: { userName: 'ada-on-fm', needsReconnect: false, waiting: 1 },
      lastFmRequestToken: null,
    });
    const { listenBrainz, lastFm } = await openScrobbling();
    expect(within(listenBrainz).getByText('Needs reconnecting')).toBeInTheDocument();
    expect(within(listenBrainz).getByText('3 scrobbles waiting to be sent')).toBeInTheDocument();
    expect(
      within(listenBrainz).getByRole('textbox', { name: 'ListenBrainz user token' }),
    ).toBeInTheDocument();
    expect(within(lastFm).queryByText('Needs reconnecting')).not.toBeInTheDocument();
    expect(within(lastFm).getByText('1 scrobble waiting to be sent')).toBeInTheDocument();
    expect(
      within(lastFm).queryByRole('button', { name: 'Connect Last.fm' }),
    ).not.toBeInTheDocument();
  });

  it('says when Last.fm is not set up on the server', async () => {
    const { lastFm } = await openScrobbling();
    expect(
      within(lastFm).getByText(
        'Last.fm is not set up on this server. Ask its administrator to add a Last.fm API key.',
      ),
    ).toBeInTheDocument();
  });

  it('offers to try again when the links cannot be read', async () => {
    failRoute('GET /api/user/scrobbling', 500, 'Something went wrong.');
    logIn(ada);
    renderApp('/account');
    const card = await screen.findByRole('region', { name: 'Scrobbling' });
    expect(
      await within(card).findByText('Could not load your scrobbling links.'),
    ).toBeInTheDocument();
  });
});
