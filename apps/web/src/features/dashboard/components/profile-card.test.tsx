import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ProfileCard } from './profile-card';

const COUNTS = { liked: 3, saved: 2, playlists: 1, recentlyPlayed: 0 };

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;

function renderCard(profileImage: string | null, onLogout = () => undefined) {
  return render(
    <ProfileCard
      name="maria Listener"
      email="maria@example.com"
      profileImage={profileImage}
      counts={COUNTS}
      onLogout={onLogout}
    />,
    { wrapper },
  );
}

describe('ProfileCard', () => {
  it('shows the name as the page heading, the e-mail, Account settings, Logout and the four counters', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    renderCard(null, onLogout);
    const card = screen.getByRole('region', { name: 'Profile' });
    expect(card).toContainElement(
      screen.getByRole('heading', { level: 1, name: 'maria Listener' }),
    );
    expect(screen.getByText('maria@example.com')).toBeInTheDocument();
    expect(screen.getByLabelText('Liked Songs: 3')).toHaveTextContent('3');
    expect(screen.getByLabelText('Library Songs: 2')).toBeInTheDocument();
    expect(screen.getByLabelText('Playlists: 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Recently Played: 0')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Account settings' })).toHaveAttribute(
      'href',
      '/account',
    );
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('shows the name’s first letter without a picture, and when the picture does not load', () => {
    const { rerender } = renderCard(null);
    expect(screen.getByText('M')).toBeInTheDocument();

    rerender(
      <ProfileCard
        name="maria Listener"
        email="maria@example.com"
        profileImage="/uploads/maria.jpg"
        counts={COUNTS}
        onLogout={() => undefined}
      />,
    );
    const picture = screen.getByRole('img', { name: 'maria Listener' });
    expect(picture).toHaveAttribute('src', '/uploads/maria.jpg');
    expect(screen.queryByText('M')).not.toBeInTheDocument();

    fireEvent.error(picture);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('M')).toBeInTheDocument();
  });
});
