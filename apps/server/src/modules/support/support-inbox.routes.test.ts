import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  for (let index = 1; index <= 5; index += 1) {
    await t.app.inject({
      method: 'POST',
      url: '/api/support/contact',
      payload: {
        name: `Sender ${index}`,
        email: `sender${index}@example.com`,
        message: `Message ${index}`,
        issueType: 'other',
      },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/support/feedback',
      payload: {
        rating: index,
        usability: 'neutral',
        recommend: 'neutral',
        user: `Rater ${index}`,
      },
    });
  }
});
afterAll(() => t.close());

function get(url: string, headers: Record<string, string> = admin.headers) {
  return t.app.inject({ method: 'GET', url, headers });
}

describe.each([
  ['/api/admin/messages', 'name', 'Sender'],
  ['/api/admin/feedback', 'user', 'Rater'],
])('GET %s', (url, field, prefix) => {
  const names = (data: Record<string, unknown>[]) => data.map((item) => item[field]);

  it('lists everything newest first, without a cursor when it all fits', async () => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(names(body.data)).toEqual([5, 4, 3, 2, 1].map((n) => `${prefix} ${n}`));
    expect(body.nextCursor).toBeUndefined();
    const times = body.data.map((item: { createdAt: string }) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('pages with limit and the opaque cursor', async () => {
    const first = (await get(`${url}?limit=2`)).json();
    expect(names(first.data)).toEqual([`${prefix} 5`, `${prefix} 4`]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await get(`${url}?limit=2&cursor=${first.nextCursor}`)).json();
    expect(names(second.data)).toEqual([`${prefix} 3`, `${prefix} 2`]);
    const third = (await get(`${url}?limit=2&cursor=${second.nextCursor}`)).json();
    expect(names(third.data)).toEqual([`${prefix} 1`]);
    expect(third.nextCursor).toBeUndefined();
  });

  it.each([
    ['?limit=0', 'Limit must be a number from 1 to 100'],
    ['?limit=101', 'Limit must be a number from 1 to 100'],
    ['?limit=ten', 'Limit must be a number from 1 to 100'],
    ['?cursor=not-a-cursor', 'Invalid cursor. Start again from the first page.'],
  ])('answers 400 to %s', async (query, message) => {
    const res = await get(`${url}${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
  });

  it('is 401 for a visitor and 403 for a listener', async () => {
    const visitor = await t.app.inject({ method: 'GET', url });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({
      success: false,
      code: 'unauthorized',
      message: 'Please log in to continue.',
    });
    const listener = await createUser(t);
    const user = await get(url, listener.headers);
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({
      success: false,
      code: 'admins_only',
      message: 'Administrators only.',
    });
  });
});

describe('inbox entries', () => {
  it.each([
    [
      '/api/admin/messages',
      ['_id', 'name', 'email', 'subject', 'message', 'issueType', 'issueTypeLabel', 'createdAt'],
    ],
    [
      '/api/admin/feedback',
      [
        '_id',
        'rating',
        'ratingText',
        'usability',
        'usabilityText',
        'liked',
        'improvements',
        'recommend',
        'recommendText',
        'additionalFeedback',
        'user',
        'createdAt',
      ],
    ],
  ])('keep their keys in one order in %s', async (url, keys) => {
    const res = await get(url);
    for (const item of res.json().data) expect(Object.keys(item)).toEqual(keys);
  });
});
