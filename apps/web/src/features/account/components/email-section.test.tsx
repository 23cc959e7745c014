import { HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/mock-api/factories';
import { failure, requestsTo } from '@/test/mock-api/routes';
import { answer } from '@/test/mock-api/server';
import { logIn, renderApp } from '@/test/render-app';

const ada = makeUser();
const SENT =
  'We sent a confirmation link to your new address. Your e-mail changes once you open it.';

async function openEmailForm() {
  answer('GET /api/user/account/sessions', () => HttpResponse.json({ success: true, data: [] }));
  logIn(ada);
  const view = renderApp('/account');
  const form = await screen.findByRole('form', { name: 'Change e-mail' });
  return { ...view, form };
}

describe('the e-mail section of the account page', { timeout: 20_000 }, () => {
  it('shows the address and sends a confirmation link to the new one', async () => {
    answer('POST /api/user/account/email', () =>
      HttpResponse.json({ success: true, message: SENT }),
    );
    const { user, form } = await openEmailForm();
    expect(screen.getByText(ada.email)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('New e-mail'), 'ada@new.example.com');
    await user.type(within(form).getByLabelText('Current password'), 'secret-1');
    await user.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(requestsTo('POST /api/user/account/email')[0]?.body).toEqual({
      email: 'ada@new.example.com',
      password: 'secret-1',
    });
    // Nothing changes until the link is opened.
    expect(screen.getByText(ada.email)).toBeInTheDocument();
  });

  it('says when the address belongs to another account', async () => {
    answer('POST /api/user/account/email', () =>
      failure(409, 'An account with this email already exists.', 'email_taken'),
    );
    const { user, form } = await openEmailForm();
    await user.type(within(form).getByLabelText('New e-mail'), 'taken@example.com');
    await user.type(within(form).getByLabelText('Current password'), 'secret-1');
    await user.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
    expect(
      await screen.findByText('An account with this email already exists.'),
    ).toBeInTheDocument();
  });

  it('checks the address before asking the server', async () => {
    const { user, form } = await openEmailForm();
    await user.type(within(form).getByLabelText('New e-mail'), 'not-an-address');
    await user.type(within(form).getByLabelText('Current password'), 'secret-1');
    await user.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
    expect(await within(form).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(requestsTo('POST /api/user/account/email')).toHaveLength(0);
  });
});
