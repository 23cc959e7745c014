import type { Station } from '@cadenza/contract/internet-radio';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { KEEP_CLEAR_OF_TOASTS } from '@/components/toast-placement';
import { adminUser, makeUser } from '@/test/mock-api/factories';
import { failure, requestsTo } from '@/test/mock-api/routes';
import { answer } from '@/test/mock-api/server';
import { logIn, renderApp, stubMediaElement } from '@/test/render-app';

const station: Station = {
  _id: '0190d4f2-8b1e-7000-8000-0000000000c1',
  name: 'Night Jazz',
  streamUrl: 'https://radio.example.com/jazz.mp3',
  homepageUrl: 'https://radio.example.com',
  listenUrl: '/media/radio/0190d4f2-8b1e-7000-8000-0000000000c1?expires=1&signature=s',
  createdAt: '2026-11-30T10:00:00.000Z',
};

const ok = <T,>(data: T) => HttpResponse.json({ success: true, data });

beforeEach(() => {
  stubMediaElement();
  answer('GET /api/user/radio-stations', () => ok([station]));
});

describe('live radio', () => {
  it('lists the stations, Live, and plays one through the relay in the radio player', async () => {
    logIn(makeUser());
    const { user } = renderApp('/live-radio');
    const list = await screen.findByRole('list', { name: 'Stations' });
    expect(within(list).getByText('Live')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a station' })).not.toBeInTheDocument();
    expect(
      within(list).queryByRole('button', { name: 'Remove Night Jazz' }),
    ).not.toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Play Night Jazz' }));
    const bar = await screen.findByRole('region', { name: 'Radio player' });
    expect(within(bar).getByText('Night Jazz')).toBeInTheDocument();
    // Toasts keep clear of the bar rather than covering its controls.
    expect(bar).toHaveAttribute(KEEP_CLEAR_OF_TOASTS);
    expect(bar.querySelector('audio')?.getAttribute('src')).toBe(station.listenUrl);
    expect(within(bar).queryByRole('slider')).not.toBeInTheDocument();

    bar.querySelector('audio')!.dispatchEvent(new Event('error'));
    expect(
      await within(bar).findByText('The station cannot be played right now'),
    ).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Close the radio player' }));
    expect(screen.queryByRole('region', { name: 'Radio player' })).not.toBeInTheDocument();
  });

  it('lets an administrator add a station, showing why an address is refused', async () => {
    logIn(adminUser);
    answer('POST /api/admin/radio-stations', () =>
      failure(400, 'The stream URL must be an http:// or https:// address', 'invalid_input'),
    );
    const { user } = renderApp('/live-radio');
    const form = await screen.findByRole('form', { name: 'Add a station' });
    await user.type(within(form).getByLabelText('Station name'), 'Mine');
    await user.type(within(form).getByLabelText('Stream URL'), 'ftp://nope');
    await user.click(within(form).getByRole('button', { name: 'Add station' }));
    expect(
      await within(form).findByText('The stream URL must be an http:// or https:// address'),
    ).toBeInTheDocument();
    expect(requestsTo('POST /api/admin/radio-stations')[0]?.body).toEqual({
      name: 'Mine',
      streamUrl: 'ftp://nope',
    });
  });
});
