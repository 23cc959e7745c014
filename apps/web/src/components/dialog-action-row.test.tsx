import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DialogActionRow } from './dialog-action-row';

describe('DialogActionRow', () => {
  it('offers Cancel, then the action, which runs its own handler without submitting', async () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <DialogActionRow onCancel={onCancel} confirmLabel="Delete" onConfirm={onConfirm} />
      </form>,
    );
    const user = userEvent.setup();
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Cancel', 'Delete']);
    expect(buttons[1]).toHaveAttribute('type', 'button');

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('submits the surrounding form when the action has no handler of its own', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <DialogActionRow onCancel={vi.fn()} confirmLabel="Seed Users" />
      </form>,
    );
    const submit = screen.getByRole('button', { name: 'Seed Users' });
    expect(submit).toHaveAttribute('type', 'submit');
    await userEvent.setup().click(submit);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('disables each button as asked and shows a spinner in the action while busy', () => {
    const { rerender } = render(
      <DialogActionRow onCancel={vi.fn()} confirmLabel="Create Playlist" confirmDisabled />,
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Create Playlist' })).toBeDisabled();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    rerender(
      <DialogActionRow
        onCancel={vi.fn()}
        cancelDisabled
        confirmLabel="Create Playlist"
        confirmDisabled
        busy
      />,
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    const action = screen.getByRole('button', { name: 'Create Playlist' });
    expect(within(action).getByRole('progressbar')).toBeInTheDocument();
  });
});
