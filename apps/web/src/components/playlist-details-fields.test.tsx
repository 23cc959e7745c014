import { zodResolver } from '@hookform/resolvers/zod';
import {
  createPlaylistFormSchema,
  MAX_PLAYLIST_DESCRIPTION_LENGTH,
  MAX_PLAYLIST_NAME_LENGTH,
  playlistMessages,
  type CreatePlaylistForm,
} from '@cadenza/contract/playlists';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { PlaylistDetailsFields } from './playlist-details-fields';

function PlaylistForm({
  onValid,
  descriptionLabel,
  autoFocus,
}: {
  onValid: (values: CreatePlaylistForm) => void;
  descriptionLabel: string;
  autoFocus?: boolean;
}) {
  const { register, handleSubmit, formState } = useForm<CreatePlaylistForm>({
    resolver: zodResolver(createPlaylistFormSchema),
    defaultValues: { name: '', description: '', isPublic: true },
  });
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)}>
      <PlaylistDetailsFields
        name={register('name')}
        description={register('description')}
        errors={formState.errors}
        descriptionLabel={descriptionLabel}
        autoFocus={autoFocus}
      />
      <button type="submit">Save</button>
    </form>
  );
}

describe('PlaylistDetailsFields', () => {
  it('gives a required, bounded name and a multi-line description under the given label', () => {
    render(<PlaylistForm onValid={vi.fn()} descriptionLabel="Description (Optional)" />);
    const name = screen.getByRole('textbox', { name: /^Playlist Name/ });
    expect(name).toBeRequired();
    expect(name).toHaveAttribute('maxLength', String(MAX_PLAYLIST_NAME_LENGTH));
    expect(name).not.toHaveFocus();
    const description = screen.getByRole('textbox', { name: 'Description (Optional)' });
    expect(description).not.toBeRequired();
    expect(description.tagName).toBe('TEXTAREA');
    expect(description).toHaveAttribute('maxLength', String(MAX_PLAYLIST_DESCRIPTION_LENGTH));
    expect(screen.getAllByRole('textbox').map((field) => field.getAttribute('name'))).toEqual([
      'name',
      'description',
    ]);
  });

  it('focuses the name when asked to', () => {
    render(<PlaylistForm onValid={vi.fn()} descriptionLabel="Description" autoFocus />);
    expect(screen.getByRole('textbox', { name: /^Playlist Name/ })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Description' })).toBeInTheDocument();
  });

  it("hands the typed values to the form and shows the form's message under a field", async () => {
    const onValid = vi.fn();
    render(<PlaylistForm onValid={onValid} descriptionLabel="Description" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByRole('textbox', { name: /^Playlist Name/ });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(playlistMessages.nameRequired);
    expect(onValid).not.toHaveBeenCalled();

    await user.type(name, 'Road Trip');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Highway songs');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Road Trip', description: 'Highway songs' }),
      expect.anything(),
    );
    expect(name).toHaveAttribute('aria-invalid', 'false');
  });
});
