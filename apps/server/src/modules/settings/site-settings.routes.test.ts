import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, type CreatedUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: CreatedUser;
beforeAll(async () => {
  t = await createTestApp({ env: { REGISTRATION: 'closed' } });
  admin = await createAdmin(t);
});
afterAll(() => t.close());

const settings = () => t.app.inject({ url: '/api/admin/settings', headers: admin.headers });
const change = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: admin.headers, payload });
const publicRegistration = async () =>
  (await t.app.inject({ url: '/api/general/config' })).json().data.registration as string;
const signUp = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'New', email: `new.${Date.now()}@example.com`, password: 'secret-123' },
  });

describe('site settings', () => {
  it('start from REGISTRATION, which closes sign-up until the administrator opens it', async () => {
    expect((await settings()).json()).toEqual({
      success: true,
      data: {
        registration: 'closed',
        adminSecondFactorRequired: false,
        streamingQualityLimit: 'original',
      },
    });
    expect(await publicRegistration()).toBe('closed');
    const refused = await signUp();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      code: 'registration_closed',
      message: 'Sign-up is closed on this server. Ask its administrator for an invitation.',
    });

    const opened = await change({ registration: 'open' });
    expect(opened.json()).toEqual({
      success: true,
      data: {
        registration: 'open',
        adminSecondFactorRequired: false,
        streamingQualityLimit: 'original',
      },
    });
    expect(await publicRegistration()).toBe('open');
    expect((await signUp()).statusCode).toBe(201);

    expect((await change({ registration: 'invite' })).statusCode).toBe(200);
    expect((await signUp()).json().code).toBe('invitation_required');
  });

  it('refuse an unknown value or an empty change (400), keeping what was set', async () => {
    await change({ registration: 'open' });
    for (const payload of [{ registration: 'everyone' }, {}]) {
      const res = await change(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_input');
    }
    expect((await settings()).json().data.registration).toBe('open');
  });

  it('answer the default for a stored value that no longer parses', async () => {
    await t.database.db
      .updateTable('site_settings')
      .set({ value: '"someday"' })
      .where('key', '=', 'registration')
      .execute();
    expect((await settings()).json().data.registration).toBe('closed');
  });
});
