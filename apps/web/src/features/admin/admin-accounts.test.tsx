import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, makeAccount } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { accountStateOf, seed, store } from '@/test/mock-api/store';
import { logIn, renderApp } from '@/test/render-app';

function openAdmin(tab: string) {
  logIn(adminUser);
  seed.user(adminUser);
  return renderApp(`/admin/dashboard?tab=${tab}`);
}

const listener = makeAccount('u1', { name: 'Lena Listener', email: 'lena@example.com' });

describe('Admin accounts', { timeout: 40_000 }, () => {
  it('Settings: who may sign up is saved as soon as it is chosen', async () => {
    const { user } = openAdmin('settings');
    const group = await screen.findByRole('radiogroup', { name: 'Registration' });
    expect(within(group).getByRole('radio', { name: /^Open/ })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: /^Closed/ }));
    expect(await screen.findByText('Registration setting saved')).toBeInTheDocument();
    expect(requestsTo('PATCH /api/admin/settings')[0]?.body).toEqual({ registration: 'closed' });
    expect(store.config.registration).toBe('closed');
    expect(within(group).getByRole('radio', { name: /^Closed/ })).toBeChecked();
  });

  it('Settings: requiring two-factor sign-in for administrators is saved as soon as it is switched', async () => {
    const { user } = openAdmin('settings');
    const toggle = await screen.findByRole('switch', {
      name: /Require two-factor sign-in for administrators/,
    });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('Two-factor setting saved')).toBeInTheDocument();
    expect(requestsTo('PATCH /api/admin/settings')[0]?.body).toEqual({
      adminSecondFactorRequired: true,
    });
    expect(store.adminSecondFactorRequired).toBe(true);
    expect(toggle).toBeChecked();
  });

  it('Settings: the highest streaming quality is saved as soon as it is chosen', async () => {
    store.config = { ...store.config, transcoding: true };
    const { user } = openAdmin('settings');
    await user.click(await screen.findByRole('combobox', { name: 'Highest streaming quality' }));
    await user.click(screen.getByRole('option', { name: 'Normal (160 kbps)' }));
    expect(await screen.findByText('Streaming limit saved')).toBeInTheDocument();
    expect(requestsTo('PATCH /api/admin/settings')[0]?.body).toEqual({
      streamingQualityLimit: 'normal',
    });
    expect(store.streamingQualityLimit).toBe('normal');
    expect(screen.getByText(/Streams above it are made smaller for everyone/)).toBeInTheDocument();
  });

  it('Users: sets the streaming limit of one account', async () => {
    seed.user(listener);
    const { user } = openAdmin('users');
    const table = await screen.findByRole('table', { name: 'Users' });
    await user.click(within(table).getByRole('button', { name: 'Manage Lena Listener' }));
    await user.click(screen.getByRole('menuitem', { name: 'Streaming limit…' }));
    const dialog = screen.getByRole('dialog', { name: 'Streaming limit of Lena Listener' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Highest streaming quality' }));
    await user.click(screen.getByRole('option', { name: 'Data saver (96 kbps)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Streaming limit of Lena Listener saved')).toBeInTheDocument();
    expect(requestsTo('PUT /api/admin/users/u1/streaming-limit')[0]?.body).toEqual({
      streamingQualityLimit: 'dataSaver',
    });
    expect(await within(table).findByText('Streams ≤ 96 kbps')).toBeInTheDocument();
  });

  it('Settings: makes an invitation, shows its link once, lists it and revokes it', async () => {
    const { user } = openAdmin('settings');
    expect(await screen.findByText('No pending invitations')).toBeInTheDocument();
    const form = within(screen.getByRole('form', { name: 'New invitation' }));
    await user.type(form.getByLabelText('Email (optional)'), 'new@example.com');
    await user.click(form.getByRole('checkbox', { name: 'Send by email' }));
    await user.click(form.getByRole('button', { name: 'Create Invitation' }));
    const link = await screen.findByLabelText('Invitation link');
    expect(link.textContent).toMatch(/\/signup\?invite=/);
    expect(screen.getByText(/Invitation sent to new@example.com/)).toBeInTheDocument();
    expect(requestsTo('POST /api/admin/invitations')[0]?.body).toEqual({
      email: 'new@example.com',
      role: 'user',
      expiresInDays: 7,
      send: true,
    });
    const table = await screen.findByRole('table', { name: 'Pending invitations' });
    expect(within(table).getByText('new@example.com')).toBeInTheDocument();
    await user.click(
      within(table).getByRole('button', { name: 'Revoke invitation for new@example.com' }),
    );
    expect(await screen.findByText('Invitation revoked')).toBeInTheDocument();
    expect(await screen.findByText('No pending invitations')).toBeInTheDocument();
  });

  it('Users: adds an account with a temporary password', async () => {
    const { user } = openAdmin('users');
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add User' }));
    await user.type(dialog.getByLabelText(/^Name/), 'Tom Temp');
    await user.type(dialog.getByLabelText(/^Email/), 'tom@example.com');
    await user.type(dialog.getByLabelText(/^Temporary password/), 'given-1');
    await user.click(dialog.getByRole('button', { name: 'Create User' }));
    expect(
      await screen.findByText('Tom Temp can now log in with the temporary password'),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Users' });
    expect(await within(table).findByText('Tom Temp')).toBeInTheDocument();
    expect(within(table).getByText('Temporary password')).toBeInTheDocument();
  });

  it('Users: shows the field a refused account names, from the server', async () => {
    const { user } = openAdmin('users');
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add User' }));
    await user.type(dialog.getByLabelText(/^Name/), 'Short');
    await user.type(dialog.getByLabelText(/^Email/), 'short@example.com');
    await user.type(dialog.getByLabelText(/^Temporary password/), '123');
    await user.click(dialog.getByRole('button', { name: 'Create User' }));
    expect(await dialog.findAllByText('Password must be at least 6 characters')).not.toHaveLength(
      0,
    );
  });

  it('Users: disables and enables an account, changes its role, sends a reset, and shows last activity', async () => {
    seed.user(listener);
    seed.accountState(listener, { lastActiveAt: null });
    const { user } = openAdmin('users');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getAllByText('Last active: Never')).not.toHaveLength(0);

    await user.click(within(table).getByRole('button', { name: 'Manage Lena Listener' }));
    await user.click(screen.getByRole('menuitem', { name: 'Disable account' }));
    expect(await screen.findByText('Lena Listener is disabled')).toBeInTheDocument();
    expect(await within(table).findByText('Disabled')).toBeInTheDocument();
    expect(accountStateOf('u1').disabled).toBe(true);

    await user.click(within(table).getByRole('button', { name: 'Manage Lena Listener' }));
    await user.click(screen.getByRole('menuitem', { name: 'Enable account' }));
    await waitFor(() => expect(accountStateOf('u1').disabled).toBe(false));

    await user.click(within(table).getByRole('button', { name: 'Manage Lena Listener' }));
    await user.click(screen.getByRole('menuitem', { name: 'Make admin' }));
    expect(await screen.findByText('Lena Listener is now an admin')).toBeInTheDocument();
    expect(requestsTo('PUT /api/admin/users/u1/role')[0]?.body).toEqual({ role: 'admin' });

    await user.click(within(table).getByRole('button', { name: 'Manage Lena Listener' }));
    await user.click(screen.getByRole('menuitem', { name: 'Send password reset' }));
    expect(
      await screen.findByText('Password reset link sent to lena@example.com'),
    ).toBeInTheDocument();
  });

  it("Users: tells why the last active administrator can't be demoted", async () => {
    const { user } = openAdmin('users');
    const table = await screen.findByRole('table', { name: 'Users' });
    await user.click(within(table).getByRole('button', { name: 'Manage Grace Admin' }));
    await user.click(screen.getByRole('menuitem', { name: 'Make user' }));
    expect(
      await screen.findByText('The last active administrator cannot be demoted or disabled.'),
    ).toBeInTheDocument();
  });
});
