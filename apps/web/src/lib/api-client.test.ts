import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  jsonResponse,
  logIn,
  makeUser,
  mockFetch,
  mockPendingFetch,
  renderApp,
  requestOf,
} from '@/test/render-app';
import { ApiError, apiClient, errorMessage } from './api-client';
import { useAuthStore } from './auth-store';

describe('API client', () => {
  it('calls /api with the bearer token and a JSON body', async () => {
    logIn(makeUser(), true, 'tok-123');
    const fetchMock = mockFetch(() => jsonResponse(200, { success: true, data: { id: 1 } }));
    const answer = await apiClient.post<{ data: { id: number } }>('/user/playlists', {
      name: 'Road trip',
    });
    expect(answer.data.id).toBe(1);
    const request = requestOf(fetchMock);
    expect(request.url).toBe('/api/user/playlists');
    expect(request.method).toBe('POST');
    expect(request.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.body).toEqual({ name: 'Road trip' });
  });

  it('sends no authorization header without a session and no content type without a body', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { success: true }));
    await apiClient.get('/general/config');
    const request = requestOf(fetchMock);
    expect(request.headers.has('Authorization')).toBe(false);
    expect(request.headers.has('Content-Type')).toBe(false);
  });

  it('passes FormData through untouched for multipart uploads', async () => {
    const fetchMock = mockFetch(() => jsonResponse(201, { success: true }));
    const form = new FormData();
    form.append('name', 'Mix');
    await apiClient.post('/user/playlists', form);
    const request = requestOf(fetchMock);
    expect(request.body).toBe(form);
    expect(request.headers.has('Content-Type')).toBe(false);
  });

  it("throws an ApiError with the server's message, status and field errors", async () => {
    mockFetch(() =>
      jsonResponse(400, {
        success: false,
        message: 'Invalid input',
        errors: [{ field: 'email', message: 'Please enter a valid email address' }],
      }),
    );
    const error = await apiClient.post('/auth/register', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid input',
      serverMessage: 'Invalid input',
      errors: [{ field: 'email', message: 'Please enter a valid email address' }],
    });
    expect(errorMessage(error, 'fallback')).toBe('Invalid input');
  });

  it('treats any status outside 200-299 as an error, with or without a body', async () => {
    mockFetch(() => new Response(null, { status: 304 }));
    const error = await apiClient.get('/user/songs').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 304, serverMessage: null });
    expect(errorMessage(error, 'fallback')).toBe('fallback');
  });

  it('reports a network failure as status 0', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await apiClient.get('/user/songs').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, serverMessage: null });
  });

  it('on a 401 clears the session and goes to /login, remembering the page', async () => {
    logIn(makeUser(), true);
    mockPendingFetch();
    const { router } = renderApp('/discover?tab=latest');
    await screen.findByRole('heading', { level: 1, name: 'Discover Music' });

    mockFetch(() => jsonResponse(401, { success: false, message: 'Session expired' }));
    await act(async () => {
      await expect(apiClient.get('/user/profile')).rejects.toMatchObject({ status: 401 });
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/discover?tab=latest' });
    expect(useAuthStore.getState().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('leaves the session alone on a 401 from calls that opt out (login and friends)', async () => {
    logIn(makeUser(), true, 'tok-keep');
    const navigateSpy = vi.fn();
    const { router } = renderApp('/login');
    const unsubscribe = router.subscribe(navigateSpy);
    mockFetch(() => jsonResponse(401, { success: false, message: 'Invalid email or password' }));
    await expect(
      apiClient.post(
        '/auth/login',
        { email: 'a@b.c', password: 'x' },
        {
          redirectOnUnauthorized: false,
        },
      ),
    ).rejects.toMatchObject({ status: 401, serverMessage: 'Invalid email or password' });
    expect(useAuthStore.getState().token).toBe('tok-keep');
    expect(navigateSpy).not.toHaveBeenCalled();
    unsubscribe();
  });
});
