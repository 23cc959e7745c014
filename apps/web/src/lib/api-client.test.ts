import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeSong, makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { answer, breakRoute, failRoute } from '@/test/mock-api/server';
import { seed, store } from '@/test/mock-api/store';
import { logIn, renderApp } from '@/test/render-app';
import { ApiError, apiClient, errorMessage } from './api-client';
import { useAuthStore } from './auth-store';
import { isOffline } from './network-status';

describe('API client', () => {
  it('calls /api with the bearer token and a JSON body', async () => {
    logIn(makeUser(), true, 'tok-123');
    const answer = await apiClient.post<{ data: { name: string } }>('/user/playlists', {
      name: 'Road trip',
    });
    expect(answer.data.name).toBe('Road trip');
    const [request] = requestsTo('POST /api/user/playlists');
    expect(request?.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request?.body).toEqual({ name: 'Road trip' });
  });

  it('sends no authorization header without a session and no content type without a body', async () => {
    await apiClient.get('/general/config');
    const [request] = requestsTo('GET /api/general/config');
    expect(request?.headers.has('Authorization')).toBe(false);
    expect(request?.headers.has('Content-Type')).toBe(false);
  });

  it('passes FormData through untouched for multipart uploads', async () => {
    logIn();
    const form = new FormData();
    form.append('name', 'Mix');
    await apiClient.post('/user/playlists', form);
    const [request] = requestsTo('POST /api/user/playlists');
    // The runtime sets the multipart type with its boundary; the client adds none of its own.
    expect(request?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect((request?.body as FormData).get('name')).toBe('Mix');
  });

  it("throws an ApiError with the server's message, status and field errors", async () => {
    const error = await apiClient
      .post('/auth/register', { name: 'Ada', email: 'ada@example', password: 'secret1' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Please enter a valid email address',
      serverMessage: 'Please enter a valid email address',
      errors: [{ field: 'email', message: 'Please enter a valid email address' }],
    });
    expect(errorMessage(error, 'fallback')).toBe('Please enter a valid email address');
  });

  it("exposes the server's error code, so screens can branch on the reason", async () => {
    seed.user(makeUser({ email: 'taken@example.com' }));
    const taken = await apiClient
      .post('/auth/register', { name: 'Ada', email: 'taken@example.com', password: 'secret1' })
      .catch((caught: unknown) => caught);
    expect(taken).toMatchObject({ status: 409, code: 'email_taken' });
    const invalid = await apiClient
      .post('/auth/register', { name: 'Ada', email: 'ada@example', password: 'secret1' })
      .catch((caught: unknown) => caught);
    expect(invalid).toMatchObject({
      code: 'invalid_input',
      errors: [{ field: 'email', code: 'invalid_format' }],
    });
    answer('GET /api/user/songs', () =>
      HttpResponse.json(
        { success: false, code: 'not-a-known-code', message: 'x' },
        { status: 400 },
      ),
    );
    const unknown = await apiClient.get('/user/songs').catch((caught: unknown) => caught);
    expect(unknown).toMatchObject({ status: 400, code: null, serverMessage: 'x' });
  });

  it('treats any status outside 200-299 as an error, with or without a body', async () => {
    answer('GET /api/user/songs', () => new HttpResponse(null, { status: 304 }));
    const error = await apiClient.get('/user/songs').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 304, serverMessage: null });
    expect(errorMessage(error, 'fallback')).toBe('fallback');
  });

  it('reports a network failure as status 0', async () => {
    breakRoute('GET /api/user/songs');
    const error = await apiClient.get('/user/songs').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, serverMessage: null });
  });

  it('says the network is lost on a network failure, and back on the next answer', async () => {
    breakRoute('GET /api/user/songs');
    await apiClient.get('/user/songs').catch(() => undefined);
    expect(isOffline()).toBe(true);
    failRoute('GET /api/general/config', 503);
    await apiClient.get('/general/config').catch(() => undefined);
    expect(isOffline()).toBe(false);
  });

  it('on a 401 clears the session and goes to /login, remembering the page', async () => {
    logIn(makeUser(), true);
    const { router } = renderApp('/discover?tab=latest');
    await screen.findByRole('heading', { level: 1, name: 'Discover Music' });

    // The server no longer knows the session (revoked elsewhere, or expired).
    store.sessions.clear();
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
    await expect(
      apiClient.post(
        '/auth/login',
        { email: 'a@b.co', password: 'x' },
        {
          redirectOnUnauthorized: false,
        },
      ),
    ).rejects.toMatchObject({ status: 401, serverMessage: 'Invalid email or password' });
    expect(useAuthStore.getState().token).toBe('tok-keep');
    expect(navigateSpy).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('reads a file answer with its headers, and a refused one as an ApiError', async () => {
    logIn();
    seed.songs(makeSong('s1'));
    const file = await apiClient.getFile('/user/songs/s1/download');
    expect(file.headers.get('Content-Type')).toBe('audio/mpeg');
    expect(file.blob.size).toBeGreaterThan(0);

    failRoute('GET /api/user/songs/:id/download', 404, 'Song not found.');
    await expect(apiClient.getFile('/user/songs/s1/download')).rejects.toMatchObject({
      status: 404,
      serverMessage: 'Song not found.',
    });
  });
});
