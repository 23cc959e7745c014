import { screen, waitFor, within } from '@testing-library/react';
import { removedDemoSongsMessage } from '@cadenza/contract/songs';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  adminUser,
  makeAccount,
  makeAdminPlaylist,
  makeContactMessage,
  makeFeedbackEntry,
  makeSong,
} from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { answer, failRoute } from '@/test/mock-api/server';
import { findUser, seed, store } from '@/test/mock-api/store';
import { logIn, renderApp } from '@/test/render-app';

/** Opens the admin dashboard as an administrator; the server allows seeding users unless told. */
function openAdmin(tab?: string, { seedUsersEnabled = true } = {}) {
  logIn(adminUser);
  seed.config({ seedUsersEnabled });
  return renderApp(tab ? `/admin/dashboard?tab=${tab}` : '/admin/dashboard');
}

describe('Admin dashboard', { timeout: 15_000 }, () => {
  it('shows the title, Back to Home, Logout, seven tabs and the counts with genre chips', async () => {
    // 42 accounts with the administrator; 7 songs, 4 of them hip-hop and 3 jazz.
    for (let index = 1; index <= 41; index += 1) seed.user(makeAccount(`u${index}`));
    seed.songs(
      ...Array.from({ length: 7 }, (_, index) =>
        makeSong(`s${index}`, { genre: index < 4 ? 'hip-hop' : 'jazz' }),
      ),
    );
    const { user, router } = openAdmin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'Dashboard',
      'Users',
      'Songs',
      'Playlists',
      'Seed Data',
      'Inbox',
      'Settings',
    ]);
    expect(await screen.findByText('42')).toBeInTheDocument();
    expect(screen.getByText('Total Registered Users')).toBeInTheDocument();
    expect(screen.getByText('Total Songs')).toBeInTheDocument();
    expect(screen.getByText('Hip-hop: 4')).toBeInTheDocument();
    expect(screen.getByText('Jazz: 3')).toBeInTheDocument();

    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(requestsTo('POST /api/auth/logout')).toHaveLength(1));
  });

  it("shows the server's message when the dashboard fails to load, else the fallback", async () => {
    failRoute('GET /api/admin/stats', 500, 'Database unavailable');
    openAdmin();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
  });

  it('falls back to "Failed to load dashboard data"', async () => {
    failRoute('GET /api/admin/stats', 500);
    openAdmin();
    expect(await screen.findByText('Failed to load dashboard data')).toBeInTheDocument();
  });

  describe('Users', () => {
    const listener = makeAccount('u1', { name: 'Lena Listener', email: 'lena@example.com' });
    const admin = makeAccount('a1', { name: 'Root Admin', role: 'admin' });

    it('lists Name, Email, Role, Actions; admins cannot be deleted and the tooltip says why', async () => {
      seed.user(listener);
      seed.user(admin);
      const { user } = openAdmin('users');
      const table = await screen.findByRole('table', { name: 'Users' });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(['Name', 'Email', 'Role', 'Actions']);
      expect(screen.getByRole('button', { name: 'Delete Lena Listener' })).toBeEnabled();
      const adminDelete = screen.getByRole('button', { name: 'Delete Root Admin' });
      expect(adminDelete).toBeDisabled();
      await user.hover(adminDelete.parentElement as HTMLElement);
      expect(await screen.findByRole('tooltip')).toHaveTextContent("Can't delete admin users");
    });

    it('asks before deleting a user, then deletes', async () => {
      seed.user(listener);
      const { user } = openAdmin('users');
      await user.click(await screen.findByRole('button', { name: 'Delete Lena Listener' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete User' });
      expect(
        within(dialog).getByText('Are you sure you want to delete this user?'),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
      expect(requestsTo('DELETE /api/admin/users/u1')).toHaveLength(1);
      expect(findUser('u1')).toBeUndefined();
    });

    it('shows "Failed to delete user" when a delete fails without a message', async () => {
      seed.user(listener);
      failRoute('DELETE /api/admin/users/u1', 500);
      const { user } = openAdmin('users');
      await user.click(await screen.findByRole('button', { name: 'Delete Lena Listener' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Failed to delete user')).toBeInTheDocument();
    });

    it('shows "Failed to load users"', async () => {
      failRoute('GET /api/admin/users', 500);
      openAdmin('users');
      expect(await screen.findByText('Failed to load users')).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    });
  });

  describe('Seed Data', () => {
    it('says when seeding is disabled on the server, and how to enable it', async () => {
      openAdmin('seed', { seedUsersEnabled: false });
      expect(
        await screen.findByText('Seeding test users is disabled on this server.'),
      ).toBeInTheDocument();
      expect(screen.getByText('ENABLE_SEED_USERS=true')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Seed Users' })).toBeDisabled();
    });

    it('disables the Users tab Seed Users button too, with the reason as its tooltip', async () => {
      const { user } = openAdmin('users', { seedUsersEnabled: false });
      const button = await screen.findByRole('button', { name: 'Seed Users' });
      await waitFor(() => expect(button).toBeDisabled());
      await user.hover(button.parentElement as HTMLElement);
      expect(await screen.findByRole('tooltip')).toHaveTextContent(
        'Seeding test users is disabled on this server.',
      );
    });

    it('opens the seed dialog: default 10, helper text, clamped to 1..100, non-numbers become 1', async () => {
      const { user } = openAdmin('seed');
      await user.click(await screen.findByRole('button', { name: 'Seed Users' }));
      const dialog = screen.getByRole('dialog', { name: 'Seed Test Users' });
      const count = within(dialog).getByRole('spinbutton', { name: 'Number of users' });
      expect(count).toHaveValue(10);
      expect(within(dialog).getByText('Maximum 100 users at once')).toBeInTheDocument();

      await user.clear(count);
      await user.type(count, '500');
      await user.tab();
      expect(count).toHaveValue(100);

      await user.clear(count);
      await user.type(count, '0');
      await user.tab();
      expect(count).toHaveValue(1);

      await user.clear(count);
      await user.tab();
      expect(count).toHaveValue(1);

      await user.clear(count);
      await user.type(count, '250');
      await user.click(within(dialog).getByRole('button', { name: 'Seed Users' }));
      expect(await screen.findByText('Successfully seeded 100 test users')).toBeInTheDocument();
      expect(requestsTo('POST /api/general/seed/users')[0]?.body).toEqual({ count: 100 });
      expect(store.users).toHaveLength(101);
    });

    it('shows "Failed to seed users" in the dialog when seeding fails', async () => {
      failRoute('POST /api/general/seed/users', 500);
      const { user } = openAdmin('seed');
      await user.click(await screen.findByRole('button', { name: 'Seed Users' }));
      const dialog = screen.getByRole('dialog', { name: 'Seed Test Users' });
      await user.click(within(dialog).getByRole('button', { name: 'Seed Users' }));
      expect(await within(dialog).findByText('Failed to seed users')).toBeInTheDocument();
    });
  });

  describe('Songs', () => {
    const song = makeSong('s1', {
      title: 'Blue Umbrella',
      artist: 'The Ellery Quartet',
      genre: 'jazz',
      duration: 219,
    });

    it('lists Cover, Title, Artist, Genre, Duration, Actions', async () => {
      seed.songs(song);
      openAdmin('songs');
      const table = await screen.findByRole('table', { name: 'Songs' });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(['Cover', 'Title', 'Artist', 'Genre', 'Duration', 'Actions']);
      const row = within(table).getAllByRole('row')[1] as HTMLElement;
      expect(within(row).getByText('Jazz')).toBeInTheDocument();
      expect(within(row).getAllByText(/3:39/).length).toBeGreaterThan(0);
      expect(within(row).getByRole('button', { name: 'Edit Blue Umbrella' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Add Song' })).toBeInTheDocument();
    });

    it('asks before deleting a song, and shows "Failed to delete song" when it fails', async () => {
      seed.songs(song);
      failRoute('DELETE /api/admin/songs/s1', 500);
      const { user } = openAdmin('songs');
      await user.click(await screen.findByRole('button', { name: 'Delete Blue Umbrella' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete Song' });
      expect(
        within(dialog).getByText('Are you sure you want to delete this song?'),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Failed to delete song')).toBeInTheDocument();
    });

    it('removes the demo songs after asking, then shows the list without them', async () => {
      seed.songs(song);
      answer('DELETE /api/admin/songs/demo', () => {
        store.songs = [];
        return HttpResponse.json({
          success: true,
          message: removedDemoSongsMessage(1),
          data: { removed: 1 },
        });
      });
      const { user } = openAdmin('songs');
      await screen.findByRole('button', { name: 'Delete Blue Umbrella' });
      await user.click(screen.getByRole('button', { name: 'Remove demo songs' }));
      const dialog = screen.getByRole('dialog', { name: 'Remove demo songs' });
      expect(within(dialog).getByText(/Playlists keep their other songs\.$/)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Removed 1 demo song.')).toBeInTheDocument();
      expect(await screen.findByText('No songs yet. Add the first one.')).toBeInTheDocument();
      expect(requestsTo('DELETE /api/admin/songs/demo')).toHaveLength(1);
    });

    it('says why the demo songs could not be removed', async () => {
      failRoute('DELETE /api/admin/songs/demo', 500);
      const { user } = openAdmin('songs');
      await user.click(await screen.findByRole('button', { name: 'Remove demo songs' }));
      const dialog = screen.getByRole('dialog', { name: 'Remove demo songs' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Failed to remove the demo songs')).toBeInTheDocument();
    });

    it('shows "Failed to load songs"', async () => {
      failRoute('GET /api/admin/songs', 500);
      openAdmin('songs');
      expect(await screen.findByText('Failed to load songs')).toBeInTheDocument();
    });
  });

  describe('Playlists', () => {
    it('shows "No playlists created yet" when there are none', async () => {
      openAdmin('playlists');
      expect(await screen.findByText('No playlists created yet')).toBeInTheDocument();
    });

    it("shows cards with cover, name, Default and Private chips, 'No description' and the song count", async () => {
      const library = ['a', 'b', 'c'].map((id) => makeSong(id));
      seed.playlist(
        makeAdminPlaylist('p1', { name: 'Morning', isDefault: true, isPublic: false }),
        library,
      );
      seed.playlist(
        makeAdminPlaylist('p2', { name: 'Night', isDefault: false, description: 'Late tunes' }),
        library.slice(0, 1),
      );
      openAdmin('playlists');
      const morning = await screen.findByRole('listitem', { name: 'Morning' });
      expect(within(morning).getByText('Default')).toBeInTheDocument();
      expect(within(morning).getByText('Private')).toBeInTheDocument();
      expect(within(morning).getByText('No description')).toBeInTheDocument();
      expect(within(morning).getByText('3 songs')).toBeInTheDocument();
      const night = screen.getByRole('listitem', { name: 'Night' });
      expect(within(night).queryByText('Default')).not.toBeInTheDocument();
      expect(within(night).queryByText('Private')).not.toBeInTheDocument();
      expect(within(night).getByText('Late tunes')).toBeInTheDocument();
      expect(within(night).getByRole('button', { name: 'Edit Night' })).toBeInTheDocument();
    });

    it('asks before deleting a playlist, and shows "Failed to delete playlist" when it fails', async () => {
      seed.playlist(makeAdminPlaylist('p1', { name: 'Morning' }));
      failRoute('DELETE /api/admin/playlists/p1', 500);
      const { user } = openAdmin('playlists');
      await user.click(await screen.findByRole('button', { name: 'Delete Morning' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete Playlist' });
      expect(
        within(dialog).getByText('Are you sure you want to delete this playlist?'),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Failed to delete playlist')).toBeInTheDocument();
    });

    it('shows "Failed to load playlists"', async () => {
      failRoute('GET /api/admin/playlists', 500);
      openAdmin('playlists');
      expect(await screen.findByText('Failed to load playlists')).toBeInTheDocument();
    });
  });

  describe('Inbox', () => {
    it('shows contact messages with date, sender, issue type and an expandable message; then feedback with stars', async () => {
      const long = `${'The player skips. '.repeat(20)}End.`;
      seed.contactMessages(
        makeContactMessage('m1', {
          name: 'Ada',
          email: 'ada@example.com',
          subject: 'Skipping',
          message: long,
          issueType: 'playback',
          issueTypeLabel: 'Playback & Streaming',
          createdAt: '2025-05-02T09:30:00.000Z',
        }),
      );
      seed.feedback(
        makeFeedbackEntry('f1', {
          rating: 4,
          ratingText: 'Good',
          usability: 'easy',
          usabilityText: 'Easy',
          liked: 'The design',
          recommend: 'likely',
          recommendText: 'Likely',
          user: 'Anonymous User',
          createdAt: '2025-05-01T09:30:00.000Z',
        }),
      );
      const { user } = openAdmin('inbox');
      const message = await screen.findByRole('listitem', { name: 'Message from Ada: Skipping' });
      expect(within(message).getByRole('link', { name: 'ada@example.com' })).toHaveAttribute(
        'href',
        'mailto:ada@example.com',
      );
      expect(within(message).getByText('Playback & Streaming')).toBeInTheDocument();
      expect(within(message).queryByText(long)).not.toBeInTheDocument();
      await user.click(within(message).getByRole('button', { name: /Show more/ }));
      expect(within(message).getByText(long)).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Feedback' }));
      const feedback = await screen.findByRole('listitem', {
        name: 'Feedback from Anonymous User: Good',
      });
      expect(within(feedback).getByRole('img', { name: 'Rating: 4 of 5' })).toBeInTheDocument();
      expect(within(feedback).getByText('Usability: Easy')).toBeInTheDocument();
      expect(within(feedback).getByText('The design')).toBeInTheDocument();
    });

    it('shows the empty state when nothing has arrived', async () => {
      openAdmin('inbox');
      expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    });
  });
});
