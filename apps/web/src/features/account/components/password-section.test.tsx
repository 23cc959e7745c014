import { HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { answer } from '@/test/mock-api/server';
import { seed } from '@/test/mock-api/store';
import { logIn, renderApp } from '@/test/render-app';

const ada = makeUser();
const CHANGED = 'Your password has been changed. Your other sessions were signed out.';

function serveAccount() {
  answer('GET /api/user/account/sessions', () => HttpResponse.json({ success: true, data: [] }));
  answer('PUT /api/user/account/password', () => {
    seed.session(ada, 'renewed-token');
    return HttpResponse.json({
      success: true,
      message: CHANGED,
      token: 'renewed-token',
      user: ada,
    });
  });
}

async function openPasswordForm() {
  logIn(ada);
  const view = renderApp('/account');
  const form = await screen.findByRole('form', { name: 'Change password' });
  const fill = async (current: string, next: string, confirm = next) => {
    await view.user.type(within(form).getByLabelText('Current password'), current);
    await view.user.type(within(form).getByLabelText('New password'), next);
    await view.user.type(within(form).getByLabelText('Confirm new password'), confirm);
  };
  return { ...view, form, fill };
}

describe('the password section of the account page', { timeout: 20_000 }, () => {
  it('changes the password, revoking the app keys unless kept, and goes on with the new token', async () => {
    serveAccount();
    const { user, form, fill } = await openPasswordForm();
    await fill('old-secret', 'a-new-secret-1');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(CHANGED)).toBeInTheDocument();
    expect(requestsTo('PUT /api/user/account/password')[0]?.body).toEqual({
      currentPassword: 'old-secret',
      newPassword: 'a-new-secret-1',
      keepAppKeys: false,
    });
    expect(useAuthStore.getState().token).toBe('renewed-token');
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
  });

  it('keeps the app keys when ticked', async () => {
    serveAccount();
    const { user, form, fill } = await openPasswordForm();
    await fill('old-secret', 'a-new-secret-1');
    await user.click(within(form).getByRole('checkbox', { name: 'Keep my app keys' }));
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(CHANGED)).toBeInTheDocument();
    expect(requestsTo('PUT /api/user/account/password')[0]?.body).toMatchObject({
      keepAppKeys: true,
    });
  });

  it('checks the confirmation before asking the server', async () => {
    serveAccount();
    const { user, form, fill } = await openPasswordForm();
    await fill('old-secret', 'a-new-secret-1', 'another-one');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Passwords do not match')).toBeInTheDocument();
    expect(requestsTo('PUT /api/user/account/password')).toHaveLength(0);
  });

  it('shows a wrong current password under its field', async () => {
    serveAccount();
    answer('PUT /api/user/account/password', () =>
      HttpResponse.json(
        {
          success: false,
          code: 'invalid_current_password',
          message: 'That is not your current password',
          errors: [
            {
              field: 'currentPassword',
              code: 'invalid_current_password',
              message: 'That is not your current password',
            },
          ],
        },
        { status: 400 },
      ),
    );
    const { user, form, fill } = await openPasswordForm();
    await fill('wrong', 'a-new-secret-1');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('That is not your current password')).toBeInTheDocument();
    expect(within(form).getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(useAuthStore.getState().token).toBe('test-token');
  });
});
