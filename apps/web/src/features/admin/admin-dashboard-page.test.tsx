import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, jsonResponse, logIn, renderApp } from '@/test/render-app';
import { makeSong } from '@/test/songs';
import {
  callsOf,
  configAnswer,
  makeAccount,
  makeAdminPlaylist,
  mockApi,
  ok,
  page,
  type Routes,
} from './test/admin-fixtures';

function openAdmin(routes: Routes = {}, tab?: string) {
  logIn(adminUser);
  const fetchMock = mockApi(routes);
  const view = renderApp(tab ? `/admin/dashboard?tab=${tab}` : '/admin/dashboard');
  return { ...view, fetchMock };
}

const noBody = () => new Response(null, { status: 500 });
const failure = (message: string) => () => jsonResponse(500, { success: false, message });

describe('Admin dashboard', { timeout: 15_000 }, () => {
  it('shows the title, Back to Home, Logout, six tabs and the counts with genre chips', async () => {
    const { user, router } = openAdmin({
      'POST /api/auth/logout': () => jsonResponse(200, { success: true, message: 'Logged out.' }),
      'GET /api/admin/stats': () =>
        jsonResponse(
          200,
          ok({
            totalUsers: 42,
            totalSongs: 7,
            songsByGenre: [
              { _id: 'hip-hop', count: 4 },
              { _id: 'jazz', count: 3 },
            ],
          }),
        ),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Dashboard', 'Users', 'Songs', 'Playlists', 'Seed Data', 'Inbox']);
    expect(await screen.findByText('42')).toBeInTheDocument();
    expect(screen.getByText('Total Registered Users')).toBeInTheDocument();
    expect(screen.getByText('Total Songs')).toBeInTheDocument();
    expect(screen.getByText('Hip-hop: 4')).toBeInTheDocument();
    expect(screen.getByText('Jazz: 3')).toBeInTheDocument();

    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("shows the server's message when the dashboard fails to load, else the fallback", async () => {
    openAdmin({ 'GET /api/admin/stats': failure('Database unavailable') });
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
  });

  it('falls back to "Failed to load dashboard data"', async () => {
    openAdmin({ 'GET /api/admin/stats': noBody });
    expect(await screen.findByText('Failed to load dashboard data')).toBeInTheDocument();
  });

  describe('Users', () => {
    const listener = makeAccount('u1', { name: 'Lena Listener', email: 'lena@example.com' });
    const admin = makeAccount('a1', { name: 'Root Admin', role: 'admin' });

    it('lists Name, Email, Role, Actions; admins cannot be deleted and the tooltip says why', async () => {
      const { user } = openAdmin(
        { 'GET /api/admin/users': () => jsonResponse(200, page([listener, admin])) },
        'users',
      );
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
      const { user, fetchMock } = openAdmin(
        {
          'GET /api/admin/users': () => jsonResponse(200, page([listener])),
          'DELETE /api/admin/users/u1': () =>
            jsonResponse(200, { success: true, message: 'User deleted.' }),
        },
        'users',
      );
      await user.click(await screen.findByRole('button', { name: 'Delete Lena Listener' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete User' });
      expect(
        within(dialog).getByText('Are you sure you want to delete this user?'),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
      expect(callsOf(fetchMock)).toContain('DELETE /api/admin/users/u1');
    });

    it('shows "Failed to delete user" when a delete fails without a message', async () => {
      const { user } = openAdmin(
        {
          'GET /api/admin/users': () => jsonResponse(200, page([listener])),
          'DELETE /api/admin/users/u1': noBody,
        },
        'users',
      );
      await user.click(await screen.findByRole('button', { name: 'Delete Lena Listener' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Failed to delete user')).toBeInTheDocument();
    });

    it('shows "Failed to load users"', async () => {
      openAdmin({ 'GET /api/admin/users': noBody }, 'users');
      expect(await screen.findByText('Failed to load users')).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    });
  });

  describe('Seed Data', () => {
    const disabledConfig = configAnswer({ seedUsersEnabled: false });

    it('says when seeding is disabled on the server, and how to enable it', async () => {
      openAdmin({ 'GET /api/general/config': disabledConfig }, 'seed');
      expect(
        await screen.findByText('Seeding test users is disabled on this server.'),
      ).toBeInTheDocument();
      expect(screen.getByText('ENABLE_SEED_USERS=true')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Seed Users' })).toBeDisabled();
    });

    it('disables the Users tab Seed Users button too, with the reason as its tooltip', async () => {
      const { user } = openAdmin(
        {
          'GET /api/general/config': disabledConfig,
          'GET /api/admin/users': () => jsonResponse(200, page([])),
        },
        'users',
      );
      const button = await screen.findByRole('button', { name: 'Seed Users' });
      await waitFor(() => expect(button).toBeDisabled());
      await user.hover(button.parentElement as HTMLElement);
      expect(await screen.findByRole('tooltip')).toHaveTextContent(
        'Seeding test users is disabled on this server.',
      );
    });

    it('opens the seed dialog: default 10, helper text, clamped to 1..100, non-numbers become 1', async () => {
      const { user, fetchMock } = openAdmin(
        {
          'POST /api/general/seed/users': (init) => {
            const { count } = JSON.parse(String(init.body)) as { count: number };
            return jsonResponse(201, {
              success: true,
              message: `Created ${count} test users.`,
              data: { count, users: [] },
            });
          },
        },
        'seed',
      );
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
      const seedCall = fetchMock.mock.calls.find(([input]) =>
        String(input).endsWith('/seed/users'),
      );
      expect(JSON.parse(String(seedCall?.[1]?.body))).toEqual({ count: 100 });
    });

    it('shows "Failed to seed users" in the dialog when seeding fails', async () => {
      const { user } = openAdmin({ 'POST /api/general/seed/users': noBody }, 'seed');
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
      openAdmin({ 'GET /api/admin/songs': () => jsonResponse(200, page([song])) }, 'songs');
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
      const { user } = openAdmin(
        {
          'GET /api/admin/songs': () => jsonResponse(200, page([song])),
          'DELETE /api/admin/songs/s1': noBody,
        },
        'songs',
      );
      await user.click(await screen.findByRole('button', { name: 'Delete Blue Umbrella' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete Song' });
      expect(
        within(dialog).getByText('Are you sure you want to delete this song?'),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Failed to delete song')).toBeInTheDocument();
    });

    it('shows "Failed to load songs"', async () => {
      openAdmin({ 'GET /api/admin/songs': noBody }, 'songs');
      expect(await screen.findByText('Failed to load songs')).toBeInTheDocument();
    });
  });

  describe('Playlists', () => {
    it('shows "No playlists created yet" when there are none', async () => {
      openAdmin({ 'GET /api/admin/playlists': () => jsonResponse(200, page([])) }, 'playlists');
      expect(await screen.findByText('No playlists created yet')).toBeInTheDocument();
    });

    it("shows cards with cover, name, Default and Private chips, 'No description' and the song count", async () => {
      openAdmin(
        {
          'GET /api/admin/playlists': () =>
            jsonResponse(
              200,
              page([
                makeAdminPlaylist('p1', {
                  name: 'Morning',
                  isDefault: true,
                  isPublic: false,
                  songCount: 3,
                }),
                makeAdminPlaylist('p2', {
                  name: 'Night',
                  isDefault: false,
                  description: 'Late tunes',
                  songCount: 1,
                }),
              ]),
            ),
        },
        'playlists',
      );
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
      const { user } = openAdmin(
        {
          'GET /api/admin/playlists': () =>
            jsonResponse(200, page([makeAdminPlaylist('p1', { name: 'Morning' })])),
          'DELETE /api/admin/playlists/p1': noBody,
        },
        'playlists',
      );
      await user.click(await screen.findByRole('button', { name: 'Delete Morning' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete Playlist' });
      expect(
        within(dialog).getByText('Are you sure you want to delete this playlist?'),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Failed to delete playlist')).toBeInTheDocument();
    });

    it('shows "Failed to load playlists"', async () => {
      openAdmin({ 'GET /api/admin/playlists': noBody }, 'playlists');
      expect(await screen.findByText('Failed to load playlists')).toBeInTheDocument();
    });
  });

  describe('Inbox', () => {
    it('shows contact messages with date, sender, issue type and an expandable message; then feedback with stars', async () => {
      const long = `${'The player skips. '.repeat(20)}End.`;
      const { user } = openAdmin(
        {
          'GET /api/admin/messages': () =>
            jsonResponse(
              200,
              page([
                {
                  _id: 'm1',
                  name: 'Ada',
                  email: 'ada@example.com',
                  subject: 'Skipping',
                  message: long,
                  issueType: 'playback',
                  issueTypeLabel: 'Playback & Streaming',
                  createdAt: '2025-05-02T09:30:00.000Z',
                },
              ]),
            ),
          'GET /api/admin/feedback': () =>
            jsonResponse(
              200,
              page([
                {
                  _id: 'f1',
                  rating: 4,
                  ratingText: 'Good',
                  usability: 'easy',
                  usabilityText: 'Easy',
                  liked: 'The design',
                  improvements: null,
                  recommend: 'likely',
                  recommendText: 'Likely',
                  additionalFeedback: null,
                  user: 'Anonymous User',
                  createdAt: '2025-05-01T09:30:00.000Z',
                },
              ]),
            ),
        },
        'inbox',
      );
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
      openAdmin({ 'GET /api/admin/messages': () => jsonResponse(200, page([])) }, 'inbox');
      expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    });
  });
});
