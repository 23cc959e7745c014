import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationMessages } from '@cadenza/contract/internet-radio';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Internet radio stations on the web API: administrators edit them, listeners list them. */

let t: TestApp;
let admin: CreatedUser;
let listener: CreatedUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  listener = await createUser(t);
});
afterAll(() => t.close());

const add = (payload: Record<string, unknown>, user = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/radio-stations',
    headers: user.headers,
    payload,
  });

const listed = async () =>
  (await t.app.inject({ url: '/api/user/radio-stations', headers: listener.headers })).json()
    .data as { _id: string; name: string; homepageUrl: string | null }[];

describe('internet radio stations', () => {
  it('are added, renamed and deleted by an administrator, and listed by name for listeners', async () => {
    const jazz = await add({ name: 'Night Jazz', streamUrl: 'https://radio.example.com/jazz' });
    expect(jazz.statusCode).toBe(201);
    await add({
      name: 'Ambient Drift',
      streamUrl: 'http://192.0.2.10:8000/ambient.mp3',
      homepageUrl: 'https://ambient.example.com',
    });
    expect((await listed()).map((station) => station.name)).toEqual([
      'Ambient Drift',
      'Night Jazz',
    ]);

    const id = jazz.json().data._id as string;
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/radio-stations/${id}`,
      headers: admin.headers,
      payload: { name: 'Late Jazz', homepageUrl: 'https://jazz.example.com' },
    });
    expect(renamed.json().data).toMatchObject({
      name: 'Late Jazz',
      streamUrl: 'https://radio.example.com/jazz',
      homepageUrl: 'https://jazz.example.com',
    });

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/radio-stations/${id}`,
      headers: admin.headers,
    });
    expect(deleted.json()).toEqual({ success: true, message: stationMessages.deleted });
    expect((await listed()).map((station) => station.name)).toEqual(['Ambient Drift']);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/radio-stations/${id}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'station_not_found' });
  });

  it.each([
    ['no name', { streamUrl: 'https://a.example.com' }, stationMessages.nameRequired],
    [
      'a blank name',
      { name: '  ', streamUrl: 'https://a.example.com' },
      stationMessages.nameRequired,
    ],
    [
      'a name too long',
      { name: 'x'.repeat(101), streamUrl: 'https://a.example.com' },
      stationMessages.nameTooLong,
    ],
    ['no stream', { name: 'A' }, stationMessages.streamUrl],
    ['a stream that is no address', { name: 'A', streamUrl: 'radio' }, stationMessages.streamUrl],
    [
      'a stream of another scheme',
      { name: 'A', streamUrl: 'file:///etc/passwd' },
      stationMessages.streamUrl,
    ],
    [
      'a stream too long',
      { name: 'A', streamUrl: `https://a.example.com/${'x'.repeat(2000)}` },
      stationMessages.streamUrl,
    ],
    [
      'a home page of another scheme',
      { name: 'A', streamUrl: 'https://a.example.com', homepageUrl: 'javascript:alert(1)' },
      stationMessages.homepageUrl,
    ],
  ])('refuses %s with 400 and the reason', async (_case, payload, message) => {
    const res = await add(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
  });

  it('is for administrators to edit', async () => {
    const res = await add({ name: 'Mine', streamUrl: 'https://a.example.com' }, listener);
    expect(res.statusCode).toBe(403);
  });
});
