import { HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { answer } from '@/test/mock-api/server';
import { logIn, renderApp } from '@/test/render-app';

const ada = makeUser();

describe('the name section of the account page', { timeout: 20_000 }, () => {
  it('shows the name and saves a new one', async () => {
    answer('GET /api/user/account/sessions', () => HttpResponse.json({ success: true, data: [] }));
    answer('PATCH /api/user/account/name', () =>
      HttpResponse.json({ success: true, data: { ...ada, name: 'Ada King' } }),
    );
    logIn(ada);
    const { user } = renderApp('/account');
    const form = await screen.findByRole('form', { name: 'Name' });
    const field = within(form).getByLabelText('Name');
    await waitFor(() => expect(field).toHaveValue(ada.name));
    await user.clear(field);
    await user.type(field, 'Ada King');
    await user.click(within(form).getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Your name has been saved.')).toBeInTheDocument();
    expect(requestsTo('PATCH /api/user/account/name')[0]?.body).toEqual({ name: 'Ada King' });
    expect(useAuthStore.getState().user?.name).toBe('Ada King');
  });

  it('needs a name', async () => {
    answer('GET /api/user/account/sessions', () => HttpResponse.json({ success: true, data: [] }));
    logIn(ada);
    const { user } = renderApp('/account');
    const form = await screen.findByRole('form', { name: 'Name' });
    await user.clear(within(form).getByLabelText('Name'));
    await user.click(within(form).getByRole('button', { name: 'Save name' }));
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    expect(requestsTo('PATCH /api/user/account/name')).toHaveLength(0);
  });
});
