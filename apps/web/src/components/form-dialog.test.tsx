import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog } from './form-dialog';

function renderDialog({
  pending = false,
  submitDisabled = false,
  formLabel,
}: {
  pending?: boolean;
  submitDisabled?: boolean;
  formLabel?: string;
}) {
  const onClose = vi.fn();
  const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
  render(
    <FormDialog
      open
      title="Seed Test Users"
      maxWidth="xs"
      formLabel={formLabel}
      pending={pending}
      submitLabel="Seed Users"
      submitDisabled={submitDisabled}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <label>
        Number of users
        <input name="count" />
      </label>
    </FormDialog>,
  );
  return { onClose, onSubmit, user: userEvent.setup() };
}

describe('FormDialog', () => {
  it('shows its title and fields, submits the form, and closes on Cancel or Escape', async () => {
    const { onClose, onSubmit, user } = renderDialog({ formLabel: 'Seed Test Users' });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Seed Test Users' })).toBeInTheDocument();
    const form = within(dialog).getByRole('form', { name: 'Seed Test Users' });
    expect(within(form).getByLabelText('Number of users')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Seed Users' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('holds the submit button while the form cannot be sent', () => {
    renderDialog({ submitDisabled: true });
    expect(screen.getByRole('button', { name: 'Seed Users' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('cannot be closed or sent again while pending, and shows a spinner', async () => {
    const { onClose, user } = renderDialog({ pending: true });
    const submit = screen.getByRole('button', { name: 'Seed Users' });
    expect(submit).toBeDisabled();
    expect(within(submit).getByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
