import { HttpResponse } from 'msw';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/mock-api/factories';
import { failure, requestsTo } from '@/test/mock-api/routes';
import { answer } from '@/test/mock-api/server';
import { logIn, renderApp } from '@/test/render-app';

const ada = makeUser();
const AGAIN = 'Please enter your password again to continue.';

/** The server wants the password again for the first key asked for, then makes keys as usual. */
function askForPasswordOnce() {
  let asked = false;
  answer('POST /api/user/api-keys', () => {
    if (asked) return undefined;
    asked = true;
    return failure(403, AGAIN, 'reauthentication_required');
  });
}

async function askForKey() {
  logIn(ada);
  const view = renderApp('/user/dashboard?tab=apps');
  await view.user.click(await screen.findByRole('button', { name: 'Create your first key' }));
  const form = screen.getByRole('dialog', { name: 'New app key' });
  await view.user.type(within(form).getByLabelText(/Name/), 'Symfonium');
  await view.user.click(within(form).getByRole('button', { name: 'Create key' }));
  return view;
}

describe('creating an app key long after signing in', { timeout: 20_000 }, () => {
  it('asks for the password, then makes the key', async () => {
    askForPasswordOnce();
    answer('POST /api/user/account/reauthenticate', () =>
      HttpResponse.json({ success: true, message: 'Thank you: you can go on.' }),
    );
    const { user } = await askForKey();
    const confirm = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.type(within(confirm).getByLabelText('Password'), 'secret-1');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('dialog', { name: 'Key for Symfonium' })).toBeInTheDocument();
    expect(requestsTo('POST /api/user/account/reauthenticate')[0]?.body).toEqual({
      password: 'secret-1',
    });
    expect(requestsTo('POST /api/user/api-keys')).toHaveLength(2);
  });

  it('says when the password is wrong, and makes nothing', async () => {
    askForPasswordOnce();
    answer('POST /api/user/account/reauthenticate', () =>
      failure(400, 'That is not your current password', 'invalid_current_password'),
    );
    const { user } = await askForKey();
    const confirm = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.type(within(confirm).getByLabelText('Password'), 'wrong');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(confirm).findByText('That is not your current password'),
    ).toBeInTheDocument();
    expect(requestsTo('POST /api/user/api-keys')).toHaveLength(1);
  });
});
